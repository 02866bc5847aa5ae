import { type Message, type MessageParams, NAMED_PARAMS, type NameSet, readMessage } from '@store/contract'
import type { TFunction } from 'i18next'

/** Where the message sets name a code of each kind a message parameter may hold (contract's `NAMED_PARAMS`). */
const NAME_KEYS: Record<NameSet, string> = {
  orderStatus: 'enums.orderStatus',
  orderField: 'enums.orderField',
  productField: 'enums.productField',
  shipmentStatus: 'enums.shipmentStatus',
}

/** A message's parameters with each code that stands for a name (an order status, a field) named in `t`'s language. */
function namedParams(t: TFunction, message: Message): MessageParams {
  const params = message.params ?? {}
  const named = NAMED_PARAMS[message.code]
  if (!named) return params
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      const set = named[key]
      return [key, set ? t(`${NAME_KEYS[set]}.${value}` as 'messages.required') : value]
    }),
  )
}

/**
 * A message by code in the chosen language: `messages.<code>` of the message sets, its parameters filled in,
 * codes of names named (and its plural form chosen by `count`).
 *
 * @example translate(t, { code: 'tooLong', params: { max: 120 } }) // 'Tối đa 120 ký tự' in Vietnamese
 * @example translate(t, { code: 'statusSame', params: { status: 3 } }) // 'Đơn hàng đã ở trạng thái Đã giao'
 */
export const translate = (t: TFunction, message: Message): string =>
  t(`messages.${message.code}` as 'messages.required', namedParams(t, message))

/**
 * A form field's message as the user should read it. The field holds a message by code, whether the
 * contract's schema found it in the browser or the server sent it (`applyServerErrors`); any other text is
 * shown as it is.
 *
 * @example translateMessage(t, errors.name?.message) // 'Trường này là bắt buộc' in Vietnamese
 */
export function translateMessage(t: TFunction, text: string | undefined): string | undefined {
  if (!text) return text
  const message = readMessage(text)
  return message ? translate(t, message) : text
}
