import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { act, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { DateField, type DateFieldProps } from './date-field.tsx'

/** The field as a form holds it: the value is kept outside and every change is recorded. */
function Controlled({ initial = '', ...props }: Partial<DateFieldProps> & { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="Date of birth"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange?.(next)
        }}
      />
      <output aria-label="Held value">{value}</output>
    </>
  )
}

const box = (name = 'Date of birth') => screen.getByRole('textbox', { name })
const held = () => screen.getByRole('status', { name: 'Held value' })

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('DateField', () => {
  it('takes a date typed as YYYY-MM-DD in English and holds it as YYYY-MM-DD', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const onBlur = vi.fn()
    renderPlain(<Controlled onChange={onChange} onBlur={onBlur} />)
    expect(box()).toHaveAttribute('placeholder', 'YYYY-MM-DD')
    await user.type(box(), '2000-12-25')
    expect(held()).toHaveTextContent('2000-12-25')
    expect(onChange).toHaveBeenLastCalledWith('2000-12-25')
    await user.tab()
    expect(box()).toHaveValue('2000-12-25')
    expect(onBlur).toHaveBeenCalled()
  })

  it('shows and takes DD/MM/YYYY in Vietnamese, and still holds YYYY-MM-DD', async () => {
    await act(() => i18next.changeLanguage('vi'))
    const user = userEvent.setup()
    renderPlain(<Controlled label="Ngày sinh" initial="1990-03-07" />)
    expect(box('Ngày sinh')).toHaveValue('07/03/1990')
    expect(box('Ngày sinh')).toHaveAttribute('placeholder', 'DD/MM/YYYY')
    await user.clear(box('Ngày sinh'))
    await user.type(box('Ngày sinh'), '25/12/2000')
    expect(held()).toHaveTextContent('2000-12-25')
    await user.tab()
    expect(box('Ngày sinh')).toHaveValue('25/12/2000')
  })

  it('shows a held date in the language it switches to', async () => {
    renderPlain(<Controlled initial="2000-12-25" />)
    expect(box()).toHaveValue('2000-12-25')
    await act(() => i18next.changeLanguage('vi'))
    expect(box()).toHaveValue('25/12/2000')
  })

  it('clears the value when the box is emptied, and by its clear button', async () => {
    const user = userEvent.setup()
    renderPlain(<Controlled initial="2000-12-25" />)
    await user.clear(box())
    expect(held()).toBeEmptyDOMElement()
    await user.type(box(), '2001-01-31')
    await user.tab()
    expect(held()).toHaveTextContent('2001-01-31')
    await user.click(screen.getByRole('button', { name: 'Clear date' }))
    expect(held()).toBeEmptyDOMElement()
    expect(box()).toHaveValue('')
  })

  it('keeps the value when the text is not a real date in its language, and puts the date back on blur', async () => {
    const user = userEvent.setup()
    renderPlain(<Controlled initial="2000-12-25" />)
    const overAll = { initialSelectionStart: 0, initialSelectionEnd: 10 }
    await user.type(box(), '2001-02-29', overAll)
    expect(held()).toHaveTextContent('2000-12-25')
    await user.tab()
    expect(box()).toHaveValue('2000-12-25')
    // The Vietnamese style is not English's.
    await user.type(box(), '26/12/2000', overAll)
    await user.tab()
    expect(held()).toHaveTextContent('2000-12-25')
    expect(box()).toHaveValue('2000-12-25')
  })

  it('refuses a date after maxDate', async () => {
    const user = userEvent.setup()
    renderPlain(<Controlled maxDate="2026-06-30" />)
    await user.type(box(), '2026-07-01')
    expect(held()).toBeEmptyDOMElement()
    await user.clear(box())
    await user.type(box(), '2026-06-30')
    expect(held()).toHaveTextContent('2026-06-30')
  })

  it('is named by its label, marked required, and described by its error', () => {
    renderPlain(
      <DateField
        label="Date of birth"
        value=""
        onChange={() => {}}
        required
        error="The date of birth cannot be in the future"
      />,
    )
    const input = screen.getByRole('textbox', { name: /^Date of birth/ })
    expect(input).toBeRequired()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('The date of birth cannot be in the future')
  })

  it('hands its text box to a ref, so a form can focus it', () => {
    const ref = { current: null as HTMLInputElement | null }
    renderPlain(<DateField label="Date of birth" value="" onChange={() => {}} ref={ref} />)
    expect(ref.current).toBe(box())
    ref.current?.focus()
    expect(box()).toHaveFocus()
  })

  it("works in react-hook-form's Controller: takes the typed date, and is focused when invalid", async () => {
    const user = userEvent.setup()
    const onValid = vi.fn()
    function Form() {
      const { control, handleSubmit } = useForm({ defaultValues: { dob: '' } })
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Controller
            control={control}
            name="dob"
            rules={{ required: 'This field is required' }}
            render={({ field, fieldState }) => (
              <DateField label="Date of birth" error={fieldState.error?.message} {...field} />
            )}
          />
          <button type="submit">Save</button>
        </form>
      )
    }
    renderPlain(<Form />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(box()).toHaveFocus()
    expect(box()).toHaveAccessibleDescription('This field is required')
    await user.type(box(), '1990-03-07')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onValid).toHaveBeenCalledWith({ dob: '1990-03-07' }, expect.anything())
  })
  it('keeps a date typed and left at once when its owner takes it later, as a list’s address does', async () => {
    const user = userEvent.setup()
    /** Takes the last change only when told to, as a list's filter takes it later, through the address. */
    function Late() {
      const [value, setValue] = useState('2026-11-29')
      const [pending, setPending] = useState(value)
      return (
        <>
          <DateField label="From" value={value} onChange={setPending} />
          <button type="button" onClick={() => setValue(pending)}>
            Take
          </button>
          <output aria-label="Held value">{value}</output>
        </>
      )
    }
    renderPlain(<Late />)
    await user.clear(box('From'))
    await user.type(box('From'), '2026-11-30')
    await user.tab()
    expect(box('From')).toHaveValue('2026-11-30')
    await user.click(screen.getByRole('button', { name: 'Take' }))
    expect(held()).toHaveTextContent('2026-11-30')
    expect(box('From')).toHaveValue('2026-11-30')
  })
})
