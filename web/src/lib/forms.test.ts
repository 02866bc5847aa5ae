import { describe, expect, it, vi } from 'vitest'
import { applyServerErrors } from './forms.ts'
import { ApiError } from './http.ts'

interface Form {
  name: string
  email: string
  images: string[]
}

describe('applyServerErrors', () => {
  it('puts each field message of a refusal next to its field, focusing the first', () => {
    const setError = vi.fn()
    const error = new ApiError(409, 'Email already taken', { email: 'Email already taken', name: 'Too long' })
    expect(applyServerErrors<Form>(error, setError, ['name', 'email'])).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Email already taken' },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Too long' },
      { shouldFocus: false },
    )
  })

  it('gives a message about one item of a list to the list', () => {
    const setError = vi.fn()
    const error = new ApiError(400, 'Invalid', { 'images.2': 'Not a stored image' })
    expect(applyServerErrors<Form>(error, setError, ['images'])).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'images',
      { type: 'server', message: 'Not a stored image' },
      { shouldFocus: true },
    )
  })

  it('answers false when no field of the form is named, so the caller toasts the message', () => {
    const setError = vi.fn()
    expect(applyServerErrors<Form>(new ApiError(409, 'In use'), setError, ['name'])).toBe(false)
    expect(applyServerErrors<Form>(new ApiError(400, 'Bad', { other: 'x' }), setError, ['name'])).toBe(false)
    expect(applyServerErrors<Form>(new Error('boom'), setError, ['name'])).toBe(false)
    // `names` is not `name`: a prefix of a field name is not that field.
    expect(applyServerErrors<Form>(new ApiError(400, 'Bad', { names: 'x' }), setError, ['name'])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
