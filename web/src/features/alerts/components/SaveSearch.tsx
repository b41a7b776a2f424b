/**
 * "Save this search" on the public board and the portal's Browse Jobs: the search in the address
 * becomes a job alert, named and timed in a small dialog. Signed out, it is a link to the candidate
 * login carrying the search (model/intent), which brings the person back to the board with the
 * search kept and this dialog open (`?alert=new`, dropped from the address once it opens). Given the
 * titles of the jobs the list shows, the dialog says when the alert, matching whole words, would miss some.
 */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonClass, Button } from '../../../components/ui/Button'
import { Icon } from '../../../components/ui/Icon'
import { useSession } from '../../auth'
import { useLocations, useSalaryRanges, type JobSearch } from '../../jobs'
import { useCreateAlert } from '../api/alerts'
import { criteriaFromSearch, suggestAlertName, type AlertForm, type UnrecognisedLocation } from '../model/alerts'
import { MANAGE_ALERTS_PATH, SAVE_DIALOG_PARAM, wantsSaveDialog, withSavedSearch } from '../model/intent'
import { AlertDialog } from './AlertDialog'
import '../alerts.css'

const LOGIN_PATH = '/candidate/login'

type Props = {
  search: JobSearch
  /** the public board keeps a location by name, the portal by id */
  locationBy: 'name' | 'id'
  className?: string
  /** the titles of all the jobs the list shows for the search (every page), for the dialog to say which an alert would miss */
  shownTitles?: readonly string[]
}

export function SaveSearch({ search, locationBy, className, shownTitles }: Props) {
  const signedIn = useSession('candidate').status === 'authenticated'
  const locations = useLocations()
  const salaryRanges = useSalaryRanges()
  const create = useCreateAlert()
  const [params, setParams] = useSearchParams()
  const [form, setForm] = useState<AlertForm | null>(null)
  const [unrecognisedLocation, setUnrecognisedLocation] = useState<UnrecognisedLocation | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const referenceReady = !locations.isPending && !salaryRanges.isPending
  const reference = { locations: locations.data ?? [], salaryRanges: salaryRanges.data ?? [] }

  const open = () => {
    const { criteria, unrecognisedLocation } = criteriaFromSearch(search, reference.locations, locationBy)
    setSaved(null)
    setUnrecognisedLocation(unrecognisedLocation)
    setForm({ ...criteria, name: suggestAlertName(criteria, reference), frequency: 'instant' })
  }

  // back from signing in with a search to save: open the dialog once the lists can name it
  const asked = wantsSaveDialog(params)
  useEffect(() => {
    if (!asked || !signedIn || !referenceReady) return
    setParams(
      (p) => {
        p.delete(SAVE_DIALOG_PARAM)
        return p
      },
      { replace: true },
    )
    open()
    // open() reads this render's search and lists, which is what is wanted once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, signedIn, referenceReady])

  return (
    <div className={`save-search${className ? ` ${className}` : ''}`}>
      {signedIn ? (
        // until the lists are in, a typed location could not be placed
        <Button variant="outline" size="sm" icon="bell" disabled={!referenceReady} onClick={open}>
          Save this search
        </Button>
      ) : (
        <Link className={buttonClass('outline', 'sm')} to={withSavedSearch(LOGIN_PATH, search)}>
          <Icon name="bell" size={16} />
          Save this search
        </Link>
      )}
      {saved ? (
        <p className="save-search-done" role="status">
          {saved}. <Link to={MANAGE_ALERTS_PATH}>Manage your alerts</Link>
        </p>
      ) : null}
      {form ? (
        <AlertDialog
          mode="save"
          initial={form}
          reference={reference}
          unrecognisedLocation={unrecognisedLocation}
          shownTitles={shownTitles}
          onClose={() => setForm(null)}
          send={(f) => create.mutateAsync(f)}
          onSaved={(message) => {
            setForm(null)
            setSaved(message)
          }}
        />
      ) : null}
    </div>
  )
}
