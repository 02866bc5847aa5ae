import { messageRef } from '@store/contract'
import { describe, expect, it, vi } from 'vitest'
import { refusalBody } from '../test/fake-fetch.ts'
import { applyServerErrors, fieldPaths, placeRenamed } from './forms.ts'
import { ApiError } from './http.ts'
import { notify } from './toast.ts'

interface Form {
  name: string
  email: string
  images: string[]
}

describe('applyServerErrors', () => {
  it('puts each field message of a refusal next to its field, by code, focusing the first', () => {
    const setError = vi.fn()
    const error = new ApiError(
      409,
      refusalBody(409, 'emailTaken', {
        email: 'emailTaken',
        name: { code: 'tooLong', params: { max: 120 } },
      }),
    )
    expect(applyServerErrors<Form>(error, setError, ['name', 'email'])).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: messageRef('emailTaken') },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: messageRef('tooLong', { max: 120 }) },
      { shouldFocus: false },
    )
  })

  it('gives a message about one item of a list to the list', () => {
    const setError = vi.fn()
    const error = new ApiError(400, refusalBody(400, 'storedPath', { 'images.2': 'storedPath' }))
    expect(applyServerErrors<Form>(error, setError, ['images'])).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'images',
      { type: 'server', message: messageRef('storedPath') },
      { shouldFocus: true },
    )
  })

  it('puts a message about one cell of a list of rows on that cell when the form names it', () => {
    const setError = vi.fn()
    const taken = { code: 'skuTaken', params: { sku: 'AO-M', product: 'Áo polo' } } as const
    const error = new ApiError(
      409,
      refusalBody(409, taken, { 'variants.1.sku': taken, variants: 'variantOrdered' }),
    )
    const fields = fieldPaths({ name: '', variants: [{ sku: 'AO-S' }, { sku: 'AO-M' }] })
    expect(fields).toEqual(['name', 'variants', 'variants.0.sku', 'variants.1.sku'])
    expect(applyServerErrors(error, setError, fields)).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'variants.1.sku',
      { type: 'server', message: messageRef('skuTaken', taken.params) },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenCalledWith(
      'variants',
      { type: 'server', message: messageRef('variantOrdered') },
      { shouldFocus: false },
    )
    // A cell the form does not have goes to the most precise field that holds it.
    setError.mockClear()
    const other = new ApiError(400, refusalBody(400, 'required', { 'variants.5.sku': 'required' }))
    expect(applyServerErrors(other, setError, fields)).toBe(true)
    expect(setError).toHaveBeenCalledWith('variants', expect.anything(), { shouldFocus: true })
  })

  it('answers false when a message finds no field, so the caller toasts it, still placing the others', () => {
    const setError = vi.fn()
    const error = new ApiError(400, refusalBody(400, 'required', { name: 'required', colour: 'required' }))
    expect(applyServerErrors<Form>(error, setError, ['name', 'email'])).toBe(false)
    expect(setError).toHaveBeenCalledTimes(1)
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'required' },
      { shouldFocus: true },
    )
  })

  it('answers false when no field of the form is named, so the caller toasts the message', () => {
    const setError = vi.fn()
    expect(
      applyServerErrors<Form>(new ApiError(409, refusalBody(409, 'orderNeedsLine')), setError, ['name']),
    ).toBe(false)
    const other = new ApiError(400, refusalBody(400, 'required', { other: 'required' }))
    expect(applyServerErrors<Form>(other, setError, ['name'])).toBe(false)
    expect(applyServerErrors<Form>(new Error('boom'), setError, ['name'])).toBe(false)
    // `names` is not `name`: a prefix of a field name is not that field.
    const names = new ApiError(400, refusalBody(400, 'required', { names: 'required' }))
    expect(applyServerErrors<Form>(names, setError, ['name'])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})

describe('placeRenamed', () => {
  interface Picked {
    name: string
    address: string | { street: string; wardCode: string }
  }
  const place = placeRenamed<Picked>({ 'addressParts.wardCode': 'address.wardCode', location: 'address' })

  it("puts a message the server names its own way on the form's field, the others on their own", () => {
    const setError = vi.fn()
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {})
    const error = new ApiError(
      400,
      refusalBody(400, 'invalid', { 'addressParts.wardCode': 'invalid', name: 'required' }),
    )
    expect(place(error, setError, ['name', 'address'])).toBeNull()
    expect(setError).toHaveBeenCalledWith(
      'address.wardCode',
      { type: 'server', message: 'invalid' },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'required' },
      { shouldFocus: false },
    )
    expect(toast).not.toHaveBeenCalled()
    toast.mockRestore()
  })

  it('toasts a refusal that no field takes whole', () => {
    const setError = vi.fn()
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {})
    const error = new ApiError(400, refusalBody(400, 'tooLong', { location: 'tooLong', colour: 'required' }))
    expect(place(error, setError, ['name', 'address'])).toBeNull()
    expect(setError).toHaveBeenCalledWith(
      'address',
      { type: 'server', message: 'tooLong' },
      { shouldFocus: true },
    )
    expect(toast).toHaveBeenCalledWith(error)
    toast.mockRestore()
  })
})
