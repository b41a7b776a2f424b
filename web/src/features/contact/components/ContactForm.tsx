/** The contact form (SPEC 4, 5): idle -> sending -> success (5 s message, form cleared) or failure (alert). */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react'
import {
  EMPTY_CONTACT_FIELDS,
  hasContactErrors,
  validateContactField,
  validateContactForm,
  type ContactErrors,
  type ContactField,
  type ContactFields,
} from '../../../lib/validation'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { contactPayload, useSendContactMessage } from '../api/send-contact-message'

export const CONTACT_SUCCESS_MS = 5000
export const CONTACT_FAILURE_ALERT = 'Failed to send message. Please try again later.'
export const CONTACT_SUCCESS_MESSAGE = "Thank you! Your message has been sent. We'll get back to you within 24 hours."

type Status = 'idle' | 'sending' | 'success'

export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT_FIELDS)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [status, setStatus] = useState<Status>('idle')
  const send = useSendContactMessage()

  useEffect(() => {
    if (status !== 'success') return
    const timer = window.setTimeout(() => setStatus('idle'), CONTACT_SUCCESS_MS)
    return () => window.clearTimeout(timer)
  }, [status])

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = e.target.name as ContactField
    const value = e.target.value
    setFields((f) => ({ ...f, [field]: value }))
    // checked on each change; a corrected value clears the earlier error
    setErrors((errs) => {
      const next = { ...errs }
      const error = validateContactField(field, value)
      if (error) next[field] = error
      else delete next[field]
      return next
    })
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const found = validateContactForm(fields)
    setErrors(found)
    if (hasContactErrors(found)) return
    setStatus('sending')
    try {
      await send.mutateAsync(fields)
      setFields(EMPTY_CONTACT_FIELDS)
      setErrors({})
      setStatus('success')
    } catch (cause) {
      console.error('Contact message failed', cause)
      setStatus('idle')
      window.alert(CONTACT_FAILURE_ALERT)
    }
  }

  const sending = status === 'sending'
  const blocked = sending || hasContactErrors(errors)

  const field = (name: ContactField, label: string, opts: { type?: string; autoComplete?: string; optional?: boolean; multiline?: boolean; span?: boolean }) => (
    <Field id={`contact-${name}`} label={`${label}${opts.optional ? ' (optional)' : ' *'}`} error={errors[name]} className={opts.span ? 'span-2' : undefined}>
      {(control) => {
        const common = { ...control, className: 'input', name, value: fields[name], onChange, 'aria-required': opts.optional ? undefined : true, autoComplete: opts.autoComplete }
        return opts.multiline ? <textarea rows={6} {...common} /> : <input type={opts.type ?? 'text'} {...common} />
      }}
    </Field>
  )

  return (
    <form className="contact-form card" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">Send us a message</h2>
      <p className="field-hint">Fields marked * are required.</p>
      {status === 'success' ? (
        <div className="alert alert-success" role="status">
          {CONTACT_SUCCESS_MESSAGE}
        </div>
      ) : null}
      <div className="form-grid two-col">
        {field('firstName', 'First name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last name', { autoComplete: 'family-name' })}
        {field('email', 'Email address', { type: 'email', autoComplete: 'email' })}
        {field('phone', 'Phone number', { type: 'tel', autoComplete: 'tel', optional: true })}
        {field('message', 'How can we help?', { multiline: true, span: true })}
      </div>
      <input type="hidden" name="to_name" value={contactPayload(fields).to_name} />
      <input type="hidden" name="from_name" value={contactPayload(fields).from_name} />
      <div className="btn-row">
        <Button type="submit" disabled={blocked}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  )
}
