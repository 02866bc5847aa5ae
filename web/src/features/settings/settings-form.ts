import { zodResolver } from '@hookform/resolvers/zod'
import { type ShopSettings, type ShopSettingsBody, shopSettingsBody, VIETNAMESE_BANKS } from '@store/contract'
import type { Resolver } from 'react-hook-form'

/** The Settings form: every field as typed; the threshold is text so that '2.5' can be told it is not whole. */
export interface SettingsValues {
  shopName: string
  address: string
  phone: string
  email: string
  taxCode: string
  bankBin: string
  bankAccount: string
  bankAccountName: string
  lowStockThreshold: string
}

export const emptySettings: SettingsValues = {
  shopName: '',
  address: '',
  phone: '',
  email: '',
  taxCode: '',
  bankBin: '',
  bankAccount: '',
  bankAccountName: '',
  lowStockThreshold: '',
}

export const toSettingsValues = (settings: ShopSettings): SettingsValues => ({
  shopName: settings.shopName,
  address: settings.address,
  phone: settings.phone,
  email: settings.email,
  taxCode: settings.taxCode,
  bankBin: settings.bankBin,
  bankAccount: settings.bankAccount,
  bankAccountName: settings.bankAccountName,
  lowStockThreshold: String(settings.lowStockThreshold),
})

/**
 * The rules are the contract's body: the form says what the server would, before it is asked. (The body leaves
 * the details optional; the form always holds every field, as text.)
 */
export const settingsResolver = zodResolver(shopSettingsBody) as unknown as Resolver<
  SettingsValues,
  unknown,
  ShopSettingsBody
>

export interface BankOption {
  value: string
  label: string
  /** What a search matches besides the label: the bank's short code (VCB, TCB). */
  code: string
}

/**
 * The bank select's options: the banks by name, each showing its NAPAS id. A saved id that is not on the list
 * (the server takes any 6 digits) stays as an option of its own, so loading the screen does not lose it.
 */
export function bankOptions(saved: string, otherLabel: (bin: string) => string): BankOption[] {
  const banks: BankOption[] = VIETNAMESE_BANKS.map((b) => ({
    value: b.bin,
    label: `${b.name} · ${b.bin}`,
    code: b.code,
  }))
  if (saved && !banks.some((b) => b.value === saved))
    banks.push({ value: saved, label: otherLabel(saved), code: '' })
  return banks
}

/** Folds Vietnamese diacritics and case away, so 'viet' finds 'VietinBank' and 'Việt'. */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase()

/** Whether a bank matches what was typed: its name, short code or id. */
export const bankMatches = (option: Pick<BankOption, 'label' | 'code'>, search: string) => {
  const wanted = folded(search.trim())
  return wanted === '' || folded(option.label).includes(wanted) || folded(option.code).includes(wanted)
}
