import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { freshEachTest } from '../../testing/harness'
import { ModalFormActions } from './Modal'

freshEachTest()

type Props = Partial<Parameters<typeof ModalFormActions>[0]>

/** The footer in the form it closes, as the dialogs use it. */
function renderFooter(props: Props = {}) {
  const onCancel = vi.fn()
  const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
  render(
    <form onSubmit={onSubmit}>
      <ModalFormActions onCancel={onCancel} submitLabel="Save" {...props} />
    </form>,
  )
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
  return { onCancel, onSubmit, button }
}

describe('ModalFormActions', () => {
  it('Cancel calls onCancel and does not submit the form', () => {
    const { onCancel, onSubmit, button } = renderFooter()
    fireEvent.click(button('Cancel'))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('the submit button submits the form while nothing holds it back', () => {
    const { onCancel, onSubmit, button } = renderFooter()
    expect(button('Save').disabled).toBe(false)
    fireEvent.click(button('Save'))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('the submit button is off and says busy while the submit runs', () => {
    const { button } = renderFooter({ busy: true })
    expect(button('Save').disabled).toBe(true)
    expect(button('Save').getAttribute('aria-busy')).toBe('true')
  })

  it('the submit button is off when submitDisabled, the cancel button still on', () => {
    const { button } = renderFooter({ submitDisabled: true })
    expect(button('Save').disabled).toBe(true)
    expect(button('Cancel').disabled).toBe(false)
  })

  it('cancelDisabled keeps the leaving button off; labels and the danger style come from props', () => {
    const { button } = renderFooter({ cancelDisabled: true, cancelLabel: 'Keep it', submitLabel: 'Erase', danger: true })
    expect(button('Keep it').disabled).toBe(true)
    expect(button('Erase').className).toContain('btn-danger')
  })
})
