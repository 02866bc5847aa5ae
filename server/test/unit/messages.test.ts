import {
  MESSAGE_CODES,
  type MessageCode,
  messageRef,
  messages,
  messageText,
  messageTexts,
  readMessage,
} from '@store/contract'
import { describe, expect, it } from 'vitest'

describe('message codes', () => {
  it('render the English of every code, plural entries included', () => {
    for (const code of MESSAGE_CODES) {
      const text = messageText({ code, params: { count: 2 } })
      expect(text, code).not.toBe(code)
      expect(text.trim().length, code).toBeGreaterThan(0)
    }
  })

  it('fill the parameters and choose the plural form by count', () => {
    expect(messageText({ code: 'tooLong', params: { max: 120 } })).toBe('At most 120 characters')
    expect(messageText({ code: 'categoryInUse', params: { count: 1 } })).toBe(
      'This category is used by 1 product; move or delete it first',
    )
    expect(messageText({ code: 'categoryInUse', params: { count: 6 } })).toBe(
      'This category is used by 6 products; move or delete them first',
    )
  })

  it('name the codes they carry in place of names: order statuses by name, fields as they are', () => {
    expect(messageText({ code: 'statusMove', params: { from: 3, to: 1 } })).toBe(
      'An order cannot go from Delivered to Pending',
    )
    expect(messageText({ code: 'statusSame', params: { status: 0 } })).toBe('The order is already Cancelled')
    expect(messageText({ code: 'orderLocked', params: { field: 'quantity', status: 3 } })).toBe(
      'The quantity of a Delivered order cannot change',
    )
  })

  it('travel through a schema message and back', () => {
    expect(readMessage(messages.required)).toEqual({ code: 'required' })
    expect(readMessage(messages.tooLong(200))).toEqual({ code: 'tooLong', params: { max: 200 } })
    expect(readMessage(messages.oneOf([0, 1]))).toEqual({ code: 'oneOf', params: { values: '0, 1' } })
    expect(readMessage(messageRef('categoryInUse', { count: 3 }))).toEqual({
      code: 'categoryInUse',
      params: { count: 3 },
    })
  })

  it('are not read out of other texts', () => {
    for (const text of [
      'This field is required',
      'Invalid input',
      'unknownCode',
      'required{oops',
      '',
      'tooLong[1]',
    ])
      expect(readMessage(text), text).toBeUndefined()
  })

  it('have every plural entry in both forms', () => {
    const entries = Object.keys(messageTexts)
    for (const entry of entries.filter((e) => /_(one|other)$/.test(e))) {
      const base = entry.replace(/_(one|other)$/, '')
      expect(entries, entry).toContain(`${base}_one`)
      expect(entries, entry).toContain(`${base}_other`)
    }
    const code: MessageCode = 'userHasOrders'
    expect(MESSAGE_CODES).toContain(code)
  })
})
