import { MantineProvider } from '@mantine/core'
import {
  messageText,
  ROLE_PERMISSIONS,
  readMessage,
  type ShopSettings,
  shopSettingsBody,
} from '@store/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { theme } from '../../app/theme.ts'
import { PermissionsProvider } from '../../lib/permissions.tsx'
import { createQueryClient } from '../../lib/query-client.ts'
import { SessionProvider } from '../../lib/session.tsx'
import { useStoreConfig } from '../../lib/store-config.tsx'
import { fakeFetch, json, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { bankMatches, bankOptions, emptySettings, toSettingsValues } from './settings-form.ts'
import { SettingsPage } from './settings-page.tsx'

const ADMIN = {
  id: 'a1',
  _id: 'a1',
  name: 'Administrator',
  email: 'admin@example.com',
  avatar: null,
  role: 'admin' as const,
  permissions: [...ROLE_PERMISSIONS.admin],
  twoFactor: false,
}

const SAVED: ShopSettings = {
  shopName: 'Cửa hàng Thời trang Sài Gòn',
  address: '12 Lý Tự Trọng, Quận 1',
  phone: '0901234567',
  email: 'lienhe@thoitrangsaigon.vn',
  taxCode: '0312345678',
  bankBin: '970436',
  bankAccount: '0071000123456',
  bankAccountName: 'CONG TY TNHH THOI TRANG SAI GON',
  lowStockThreshold: 8,
  version: 3,
  updatedAt: '2026-06-03T18:30:00.000Z',
}

const EMPTY: ShopSettings = {
  ...SAVED,
  ...Object.fromEntries(Object.keys(emptySettings).map((k) => [k, ''])),
  lowStockThreshold: 5,
  version: 0,
  updatedAt: null,
}

const config = (lowStockThreshold: number) =>
  ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold })

/** What the screens of the app read of the store config: the list's low-stock mark follows it. */
function ThresholdProbe() {
  return <output aria-label="threshold in use">{useStoreConfig().lowStockThreshold}</output>
}

/** The Settings screen inside the signed-in app's providers, as the administrator. */
function renderSettings() {
  localStorage.setItem('token', 'access-1')
  localStorage.setItem('refreshToken', 'refresh-1')
  const router = createMemoryRouter(
    [
      {
        path: '/admin/settings',
        element: (
          <>
            <SettingsPage />
            <ThresholdProbe />
          </>
        ),
      },
      { path: '/', element: <p>Dashboard screen</p> },
    ],
    { initialEntries: ['/admin/settings'] },
  )
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <PermissionsProvider permissions={ADMIN.permissions}>
            <RouterProvider router={router} />
          </PermissionsProvider>
        </SessionProvider>
      </QueryClientProvider>
      <ToastContainer />
    </MantineProvider>,
  )
  return router
}

const session = (threshold: number | (() => Response)[]): Routes => ({
  'GET /api/admin/auth/me': () => ok(ADMIN),
  'GET /api/admin/config': Array.isArray(threshold) ? threshold : () => config(threshold),
})

const field = (name: RegExp) => screen.getByLabelText(name)
/** The bank select's input (its list of options is labelled by the same label). */
const bankInput = () => screen.getByRole('combobox', { name: 'Bank' })
/** The form once the settings have loaded into it. */
const loadedForm = async (shopName: string) => {
  await waitFor(() => expect(field(/^Shop name/)).toHaveValue(shopName))
  return screen.getByRole('form', { name: 'Shop settings' })
}

beforeEach(() => {
  fakeFetch({})
})

describe('the settings rules (the contract body)', () => {
  it('fills the form from the settings, the threshold as text', () => {
    expect(toSettingsValues(SAVED)).toEqual({
      shopName: SAVED.shopName,
      address: SAVED.address,
      phone: SAVED.phone,
      email: SAVED.email,
      taxCode: SAVED.taxCode,
      bankBin: SAVED.bankBin,
      bankAccount: SAVED.bankAccount,
      bankAccountName: SAVED.bankAccountName,
      lowStockThreshold: '8',
    })
  })

  it.each([
    [{ bankAccount: '0071A00123' }, 'bankAccount', 'Must be 4 to 19 digits'],
    [{ bankBin: '97043' }, 'bankBin', 'Must be the 6-digit NAPAS bank id'],
    [{ taxCode: '123' }, 'taxCode', 'Must be 10 digits, or 10 digits, a dash and 3 digits'],
    [{ lowStockThreshold: '2.5' }, 'lowStockThreshold', 'Must be a whole number of 0 or more'],
    [
      { bankAccountName: '' },
      'bankAccountName',
      'Fill in the bank, the account number and the account name together, or none of them',
    ],
  ])('%j is refused on %s: %s', (change, path, message) => {
    const result = shopSettingsBody.safeParse({ ...toSettingsValues(SAVED), ...change })
    expect(result.success).toBe(false)
    const issue = result.error!.issues[0]!
    expect(issue.path).toEqual([path])
    expect(messageText(readMessage(issue.message)!)).toBe(message)
  })

  it('lists the banks by name with their id, and keeps a saved id that is not on the list', () => {
    const banks = bankOptions('', (bin) => `Bank ${bin}`)
    expect(banks.find((b) => b.value === '970407')?.label).toBe('Techcombank · 970407')
    expect(bankOptions('970999', (bin) => `Bank ${bin}`).at(-1)).toEqual({
      value: '970999',
      label: 'Bank 970999',
      code: '',
    })
    const vcb = banks.find((b) => b.value === '970436')!
    for (const search of ['vietcom', 'VCB', '970436', ' Vietcombank ', ''])
      expect(bankMatches(vcb, search), search).toBe(true)
    expect(bankMatches(vcb, 'techcom')).toBe(false)
    // Diacritics and đ are folded away both ways.
    expect(bankMatches({ label: 'Ngân hàng Đông Á', code: '' }, 'dong a')).toBe(true)
  })
})

describe('the Settings screen', () => {
  it('shows the saved settings, the bank by name with its id, and when they were saved', async () => {
    fakeFetch({ ...session(8), 'GET /api/admin/settings': () => ok(SAVED) })
    renderSettings()
    expect(await screen.findByRole('heading', { name: 'Shop settings', level: 1 })).toBeInTheDocument()
    await loadedForm(SAVED.shopName)
    expect(field(/^Tax code/)).toHaveValue('0312345678')
    expect(bankInput()).toHaveValue('Vietcombank · 970436')
    expect(field(/^Account number/)).toHaveValue('0071000123456')
    expect(field(/^Low-stock threshold/)).toHaveValue('8')
    expect(screen.getByText(/^Last saved 2026-06-04 01:30$/)).toBeInTheDocument()
  })

  it('puts each broken rule next to its field and sends nothing', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({ ...session(8), 'GET /api/admin/settings': () => ok(SAVED) })
    renderSettings()
    const form = await loadedForm(SAVED.shopName)
    await user.clear(field(/^Account number/))
    await user.type(field(/^Account number/), '0071A00123')
    await user.clear(field(/^Low-stock threshold/))
    await user.type(field(/^Low-stock threshold/), '2.5')
    await user.clear(field(/^Shop name/))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(field(/^Account number/)).toHaveAccessibleDescription(
        expect.stringContaining('Must be 4 to 19 digits'),
      ),
    )
    expect(field(/^Low-stock threshold/)).toHaveAccessibleDescription(
      expect.stringContaining('Must be a whole number of 0 or more'),
    )
    expect(field(/^Shop name/)).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    expect(fake.callsTo('PUT /api/admin/settings')).toHaveLength(0)
  })

  it('saves with the version it loaded, toasts, and the threshold in use follows the saved one', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      ...session([() => config(5), () => config(12)]),
      'GET /api/admin/settings': () => ok(EMPTY),
      'PUT /api/admin/settings': (call) =>
        ok({ ...(call.body as object), version: 1, updatedAt: '2026-06-04T02:00:00.000Z' }),
    })
    renderSettings()
    const form = await loadedForm('')
    await waitFor(() => expect(screen.getByLabelText('threshold in use')).toHaveTextContent('5'))
    expect(screen.getByText(/^Not saved yet/)).toBeInTheDocument()
    await user.type(field(/^Shop name/), 'Tiệm Áo Dài Hà Nội')
    await user.click(bankInput())
    await user.type(bankInput(), 'techcom')
    await user.click(await screen.findByRole('option', { name: 'Techcombank · 970407' }))
    await user.type(field(/^Account number/), '19036543210011')
    await user.type(field(/^Account name/), 'NGUYEN THI LAN')
    await user.clear(field(/^Low-stock threshold/))
    await user.type(field(/^Low-stock threshold/), '12')
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(fake.callsTo('PUT /api/admin/settings')[0]!.body).toEqual({
      shopName: 'Tiệm Áo Dài Hà Nội',
      address: '',
      phone: '',
      email: '',
      taxCode: '',
      bankBin: '970407',
      bankAccount: '19036543210011',
      bankAccountName: 'NGUYEN THI LAN',
      lowStockThreshold: 12,
      version: 0,
    })
    // The store config is loaded again: the product list's low-stock mark now follows 12.
    await waitFor(() => expect(screen.getByLabelText('threshold in use')).toHaveTextContent('12'))
    expect(fake.callsTo('GET /api/admin/config')).toHaveLength(2)
    // The screen stays, the form holds what was saved, and the next save goes from the new version.
    expect(field(/^Shop name/)).toHaveValue('Tiệm Áo Dài Hà Nội')
    expect(screen.getByText(/^Last saved/)).toBeInTheDocument()
  })

  it('puts the server’s refusal of a field next to it', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...session(8),
      'GET /api/admin/settings': () => ok(SAVED),
      'PUT /api/admin/settings': () => refusal(400, 'bankBin', { bankBin: 'bankBin' }),
    })
    renderSettings()
    const form = await loadedForm(SAVED.shopName)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(bankInput()).toHaveAccessibleDescription(
        expect.stringContaining('Must be the 6-digit NAPAS bank id'),
      ),
    )
  })

  it('asks when someone else saved meanwhile: Cancel keeps what was typed, Reload shows theirs and saves from it', async () => {
    const user = userEvent.setup()
    const theirs = { ...SAVED, shopName: 'Tên do người khác lưu', version: 4 }
    const stale = () =>
      json(409, {
        status: false,
        data: theirs,
        message: messageText({ code: 'editedMeanwhile' }),
        code: 'editedMeanwhile',
      })
    const fake = fakeFetch({
      ...session(8),
      'GET /api/admin/settings': [() => ok(SAVED), () => ok(theirs), () => ok(theirs)],
      'PUT /api/admin/settings': [
        stale,
        stale,
        (call) => ok({ ...(call.body as object), version: 5, updatedAt: '2026-06-04T02:00:00.000Z' }),
      ],
    })
    renderSettings()
    const form = await loadedForm(SAVED.shopName)
    await user.clear(field(/^Shop name/))
    await user.type(field(/^Shop name/), 'Tên của tôi')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    let dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Nothing is replaced unless the person chooses it.
    expect(field(/^Shop name/)).toHaveValue('Tên của tôi')

    await user.click(within(form).getByRole('button', { name: 'Save' }))
    dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' })
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(field(/^Shop name/)).toHaveValue('Tên do người khác lưu'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    const puts = fake.callsTo('PUT /api/admin/settings')
    expect(puts.map((p) => (p.body as { version: number }).version)).toEqual([3, 3, 4])
    expect((puts[2]!.body as { shopName: string }).shopName).toBe('Tên do người khác lưu')
  })

  it('speaks Vietnamese when that language is chosen', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('vi')
    try {
      const user = userEvent.setup()
      fakeFetch({ ...session(8), 'GET /api/admin/settings': () => ok(SAVED) })
      renderSettings()
      expect(await screen.findByRole('heading', { name: 'Cài đặt cửa hàng', level: 1 })).toBeInTheDocument()
      await waitFor(() => expect(field(/^Tên cửa hàng/)).toHaveValue(SAVED.shopName))
      await user.clear(field(/^Số tài khoản/))
      await user.type(field(/^Số tài khoản/), '12ab')
      await user.click(screen.getByRole('button', { name: 'Lưu' }))
      await waitFor(() =>
        expect(field(/^Số tài khoản/)).toHaveAccessibleDescription(
          expect.stringContaining('Phải gồm 4 đến 19 chữ số'),
        ),
      )
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
