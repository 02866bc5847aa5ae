import type { CodAnswer, CodOutcome } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { type FetchCall, fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { trackingNumbersOf } from './api/record-cod.ts'
import { CodPage } from './cod-page.tsx'

const COD = 'POST /api/admin/shipments/cod-collected'

const outcomes: CodOutcome[] = [
  { trackingNumber: 'GHN1', result: 'collected', orderId: '12', expected: 530_000, paid: null, fee: null },
  {
    trackingNumber: 'GHN2',
    result: 'amountDifferent',
    orderId: '15',
    expected: 530_000,
    paid: 500_000,
    fee: 20_000,
  },
  { trackingNumber: 'GHN3', result: 'unknown', orderId: null, expected: null, paid: null, fee: null },
  { trackingNumber: 'GHN4', result: 'alreadyPaid', orderId: '16', expected: 100_000, paid: null, fee: null },
  { trackingNumber: 'GHN5', result: 'notDelivered', orderId: '17', expected: 100_000, paid: null, fee: null },
  { trackingNumber: 'GHN6', result: 'noCod', orderId: '18', expected: 0, paid: null, fee: null },
]

/** The server's answer to a run: the outcomes above, written or only checked as the query says. */
const answer = (call: FetchCall) => {
  const dryRun = call.query.get('dryRun') === 'true'
  const data: CodAnswer['data'] = { dryRun, collected: 1, refused: 5, outcomes }
  return ok(data)
}

/** The cells of each body row of the results table. */
const resultRows = async (name: string | RegExp) => {
  const table = await screen.findByRole('table', { name })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
}

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('trackingNumbersOf', () => {
  it('reads numbers one a line or separated by spaces, commas or semicolons, each once, in capitals', () => {
    expect(trackingNumbersOf(' ghn1, GHN2\n\nghn3;ghn1\tGHN4 ')).toEqual(['GHN1', 'GHN2', 'GHN3', 'GHN4'])
    expect(trackingNumbersOf(' \n , ')).toEqual([])
  })
})

describe('the COD screen', () => {
  it('checks pasted numbers with a dry run, shows each result, then records them', async () => {
    const server = fakeFetch({ [COD]: answer })
    renderAt(<CodPage />, '/admin/cod')
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { level: 1, name: 'COD reconciliation' })).toBeInTheDocument()
    const check = screen.getByRole('button', { name: 'Check' })
    const record = screen.getByRole('button', { name: 'Record' })
    expect(check).toBeDisabled()
    expect(record).toBeDisabled()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'Giao Hàng Nhanh (GHN)')
    await user.click(screen.getByRole('textbox', { name: 'Tracking numbers' }))
    await user.paste('ghn1, ghn2\nGHN3 ghn1')
    expect(screen.getByText('3 tracking numbers')).toBeInTheDocument()
    await user.click(check)

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Checked: nothing is recorded yet1 tracking number can be recorded; press Record to mark its order paid.5 tracking numbers not recorded: see why below.',
    )
    const [dry] = server.callsTo(COD)
    expect(dry!.query.get('dryRun')).toBe('true')
    expect(dry!.body).toEqual({ carrier: 'ghn', trackingNumbers: ['GHN1', 'GHN2', 'GHN3'] })
    expect(await resultRows('Results by tracking number')).toEqual([
      ['GHN1', '#12', 'Will be recorded', '530,000 VND', '—', '—'],
      ['GHN2', '#15', 'Amount different', '530,000 VND', '500,000 VND', '20,000 VND'],
      ['GHN3', '—', 'Unknown tracking number', '—', '—', '—'],
      ['GHN4', '#16', 'Already paid', '100,000 VND', '—', '—'],
      ['GHN5', '#17', 'Not delivered yet', '100,000 VND', '—', '—'],
      ['GHN6', '#18', 'No COD to collect', '0 VND', '—', '—'],
    ])
    expect(screen.getByRole('link', { name: '#12' })).toHaveAttribute('href', '/admin/order/12/detail/12')

    await user.click(record)
    expect(await screen.findByRole('status')).toHaveTextContent('Recorded1 order marked paid.')
    const real = server.callsTo(COD)[1]!
    expect(real.query.get('dryRun')).toBe('false')
    expect(real.body).toEqual({ carrier: 'ghn', trackingNumbers: ['GHN1', 'GHN2', 'GHN3'] })
    expect((await resultRows('Results by tracking number'))[0]).toEqual([
      'GHN1',
      '#12',
      'Collected',
      '530,000 VND',
      '—',
      '—',
    ])
    // What was recorded is not recorded twice from here.
    expect(record).toBeDisabled()
  })

  it('forgets a check once the numbers or the carrier change', async () => {
    fakeFetch({ [COD]: answer })
    renderAt(<CodPage />, '/admin/cod')
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'jt')
    const numbers = screen.getByRole('textbox', { name: 'Tracking numbers' })
    await user.type(numbers, 'JT1')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled())
    await user.type(numbers, ' JT2')
    expect(screen.getByRole('button', { name: 'Record' })).toBeDisabled()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it("sends the carrier's CSV statement as a multipart form, and shows a refused file", async () => {
    const server = fakeFetch({
      [COD]: [answer, () => refusal(400, 'codColumns', { file: 'codColumns' })],
    })
    renderAt(<CodPage />, '/admin/cod')
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'Viettel Post')
    await user.click(screen.getByRole('radio', { name: 'CSV statement' }))
    expect(screen.queryByRole('textbox', { name: 'Tracking numbers' })).not.toBeInTheDocument()
    const statement = new File(['ma_van_don,so_tien\r\nVTP1,530000\r\n'], 'doi-soat.csv', {
      type: 'text/csv',
    })
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, statement)
    await user.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByRole('table', { name: 'Results by tracking number' })
    const sent = server.callsTo(COD)[0]!
    expect(sent.query.get('dryRun')).toBe('true')
    const form = sent.body as FormData
    expect(form.get('carrier')).toBe('viettelpost')
    expect((form.get('file') as File).name).toBe('doi-soat.csv')
    expect([...form.keys()]).toEqual(['carrier', 'file'])

    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The statement needs a tracking number column and an amount column',
    )
    expect(screen.getByRole('button', { name: 'Record' })).toBeDisabled()
  })

  it('speaks Vietnamese: the screen, the results and the amounts', async () => {
    await act(() => i18next.changeLanguage('vi'))
    fakeFetch({ [COD]: answer })
    renderAt(<CodPage />, '/admin/cod')
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { level: 1, name: 'Đối soát COD' })).toBeInTheDocument()
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Đơn vị vận chuyển' }),
      'Giao Hàng Tiết Kiệm (GHTK)',
    )
    expect(screen.getByRole('radio', { name: 'Bảng đối soát CSV' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Mã vận đơn' }), 'S1 S2')
    await user.click(screen.getByRole('button', { name: 'Kiểm tra' }))
    const table = await screen.findByRole('table', { name: 'Kết quả theo mã vận đơn' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mã vận đơn', 'Đơn hàng', 'Kết quả', 'Phải thu', 'Đã trả', 'Phí'])
    expect((await resultRows('Kết quả theo mã vận đơn')).map((row) => row[2])).toEqual([
      'Sẽ ghi nhận',
      'Sai số tiền',
      'Không tìm thấy mã vận đơn',
      'Đã đối soát trước đó',
      'Chưa giao xong',
      'Không có tiền thu hộ',
    ])
    expect(within(table).getByText('500.000 ₫')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ghi nhận' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Đã ghi nhận')
  })
})
