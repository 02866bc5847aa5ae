import type { Province, Ward } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { foldText } from '../lib/search-text.ts'
import { fakeFetch, ok } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'
import { AddressPicker } from './address-picker.tsx'
import { type AddressValue, emptyAddressParts, matchPlaces } from './address-value.ts'

const PROVINCES: Province[] = [
  { code: '01', name: 'Hà Nội', fullName: 'Thành phố Hà Nội', nameEn: 'Hanoi' },
  { code: '31', name: 'Hải Phòng', fullName: 'Thành phố Hải Phòng', nameEn: 'Hai Phong' },
  { code: '79', name: 'Hồ Chí Minh', fullName: 'Thành phố Hồ Chí Minh', nameEn: 'Ho Chi Minh City' },
]
const ward = (code: string, provinceCode: string, name: string, kind = 'Phường'): Ward => ({
  code,
  provinceCode,
  name,
  fullName: `${kind} ${name}`,
  nameEn: foldText(name),
})
const WARDS: Record<string, Ward[]> = {
  '01': [
    ward('00004', '01', 'Ba Đình'),
    ward('00167', '01', 'Cầu Giấy'),
    ward('09619', '01', 'Đông Anh', 'Xã'),
  ],
  '79': [ward('26734', '79', 'Sài Gòn'), ward('27004', '79', 'Cầu Ông Lãnh')],
}

/** The places API: the provinces, and each province's wards. */
const places = () =>
  fakeFetch({
    'GET /api/admin/places/provinces': () => ok(PROVINCES),
    'GET /api/admin/places/provinces/01/wards': () => ok(WARDS['01']),
    'GET /api/admin/places/provinces/79/wards': () => ok(WARDS['79']),
  })

/** The picker in a form of its own, showing the value it gives. */
function Harness({ start = emptyAddressParts }: { start?: AddressValue }) {
  const [value, setValue] = useState<AddressValue>(start)
  return (
    <>
      <AddressPicker label="Shipping address" value={value} onChange={setValue} required />
      <output aria-label="value">{JSON.stringify(value)}</output>
    </>
  )
}
const shown = () => JSON.parse(screen.getByLabelText('value').textContent ?? '') as AddressValue
const province = () => screen.getByRole('combobox', { name: /^Province or city/ })
const wardBox = () => screen.getByRole('combobox', { name: /^Ward or commune/ })
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent)

describe('matching places', () => {
  it('ignores diacritics and case, short names starting with the text first', () => {
    expect(matchPlaces(PROVINCES, 'ha noi').map((p) => p.code)).toEqual(['01'])
    // 'Thành phố Hồ Chí Minh' holds 'ha' too, after the names that start with it.
    expect(matchPlaces(PROVINCES, 'HA').map((p) => p.code)).toEqual(['01', '31', '79'])
    expect(matchPlaces(PROVINCES, 'ho chi minh city').map((p) => p.code)).toEqual(['79'])
    expect(matchPlaces(WARDS['01']!, 'dong anh').map((w) => w.code)).toEqual(['09619'])
    // 'phuong' is only in the full names: after nothing starts with it, every ward that holds it.
    expect(matchPlaces(WARDS['01']!, 'phuong cau').map((w) => w.code)).toEqual(['00167'])
    expect(matchPlaces(PROVINCES, '  ').length).toBe(3)
  })
})

describe('the address picker', () => {
  it('finds the province and the ward typed without diacritics, from the keyboard', async () => {
    const server = places()
    const user = userEvent.setup()
    renderAt(<Harness />, '/', '*', { dropdowns: true })
    expect(wardBox()).toBeDisabled()
    await user.click(province())
    await waitFor(() => expect(optionNames()).toHaveLength(3))
    await user.type(province(), 'ha noi')
    await waitFor(() => expect(optionNames()).toEqual(['Hà Nội']))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(province()).toHaveValue('Hà Nội'))
    expect(shown()).toEqual({ street: '', wardCode: '', provinceCode: '01' })

    await waitFor(() => expect(wardBox()).toBeEnabled())
    await user.click(wardBox())
    await user.type(wardBox(), 'cau giay')
    await waitFor(() => expect(optionNames()).toEqual(['Phường Cầu Giấy']))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(wardBox()).toHaveValue('Phường Cầu Giấy'))
    await user.type(screen.getByLabelText(/^House number and street/), '12 Trần Duy Hưng')
    expect(shown()).toEqual({ street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' })
    expect(server.callsTo('GET /api/admin/places/provinces')).toHaveLength(1)
  })

  it('keeps the ward shut while its list loads, so text typed into it always has a choice highlighted', async () => {
    let answer: (() => void) | undefined
    const late = new Promise<void>((resolve) => {
      answer = resolve
    })
    fakeFetch({
      'GET /api/admin/places/provinces': () => ok(PROVINCES),
      'GET /api/admin/places/provinces/01/wards': async () => {
        await late
        return ok(WARDS['01'])
      },
    })
    const user = userEvent.setup()
    renderAt(<Harness />, '/', '*', { dropdowns: true })
    await waitFor(() => expect(province()).toBeEnabled())
    await user.type(province(), 'ha noi')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(province()).toHaveValue('Hà Nội'))
    expect(wardBox()).toBeDisabled()
    expect(wardBox()).toHaveAttribute('placeholder', 'Loading…')

    answer?.()
    await waitFor(() => expect(wardBox()).toBeEnabled())
    await user.type(wardBox(), 'cau giay')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(shown()).toEqual({ street: '', wardCode: '00167', provinceCode: '01' }))
  })

  it("offers the chosen province's wards only, and empties the ward when the province changes", async () => {
    const server = places()
    const user = userEvent.setup()
    renderAt(<Harness start={{ street: '5 Lê Lợi', wardCode: '00167', provinceCode: '01' }} />, '/', '*', {
      dropdowns: true,
    })
    await waitFor(() => expect(wardBox()).toHaveValue('Phường Cầu Giấy'))
    await user.click(wardBox())
    await waitFor(() => expect(optionNames()).toEqual(['Phường Ba Đình', 'Phường Cầu Giấy', 'Xã Đông Anh']))
    await user.keyboard('{Escape}')

    await user.click(province())
    await user.clear(province())
    await user.type(province(), 'ho chi')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(province()).toHaveValue('Hồ Chí Minh'))
    expect(shown()).toEqual({ street: '5 Lê Lợi', wardCode: '', provinceCode: '79' })
    expect(wardBox()).toHaveValue('')
    await user.click(wardBox())
    await waitFor(() => expect(optionNames()).toEqual(['Phường Sài Gòn', 'Phường Cầu Ông Lãnh']))
    await user.type(wardBox(), 'cau giay')
    await waitFor(() =>
      expect(screen.getByText('No ward or commune of this province has this name')).toBeVisible(),
    )
    expect(server.callsTo('GET /api/admin/places/provinces/79/wards')).toHaveLength(1)
  })

  it('keeps an address written before 2025 as free text, and the units when switched back', async () => {
    places()
    const user = userEvent.setup()
    renderAt(<Harness start={{ street: '5 Lê Lợi', wardCode: '00167', provinceCode: '01' }} />, '/', '*', {
      dropdowns: true,
    })
    await waitFor(() => expect(wardBox()).toHaveValue('Phường Cầu Giấy'))
    await user.click(screen.getByRole('switch', { name: 'Other address (free text)' }))
    expect(screen.queryByRole('combobox', { name: /^Province or city/ })).not.toBeInTheDocument()
    const text = screen.getByRole('textbox', { name: /^Address/ })
    expect(text).toHaveAccessibleDescription(/before the 2025 units/)
    await user.type(text, '12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh')
    expect(shown()).toBe('12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh')

    await user.click(screen.getByRole('switch', { name: 'Other address (free text)' }))
    expect(shown()).toEqual({ street: '5 Lê Lợi', wardCode: '00167', provinceCode: '01' })
    await user.click(screen.getByRole('switch', { name: 'Other address (free text)' }))
    expect(shown()).toBe('12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh')
  })
})
