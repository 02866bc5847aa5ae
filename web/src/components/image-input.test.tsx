import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorText } from '../lib/error-text.ts'
import { ApiError } from '../lib/http.ts'
import { notify } from '../lib/toast.ts'
import { refusalBody } from '../test/fake-fetch.ts'
import { renderPlain } from '../test/render.tsx'
import { ImageInput } from './image-input.tsx'

const A = '/2026/01/a.webp'
const B = '/2026/01/b.webp'
const png = (name = 'red.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

/** A fetch that answers only `POST /api/file`, with `answer`, and throws on anything else. */
function stubUpload(answer: { status: number; body: unknown }) {
  const calls: FormData[] = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url !== '/api/file' || init?.method !== 'POST')
      throw new Error(`unexpected fetch ${init?.method} ${url}`)
    calls.push(init.body as FormData)
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return calls
}

describe('ImageInput', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', (url: unknown) => {
      throw new Error(`unexpected fetch ${String(url)}`)
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows a preview of each image with its alt text', () => {
    renderPlain(<ImageInput label="Images" multiple value={[A, B]} onChange={() => {}} />)
    expect(screen.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', `/api/file${A}`)
    expect(screen.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', `/api/file${B}`)
    expect(screen.getByRole('list', { name: 'Chosen images' })).toBeInTheDocument()
  })

  it('names previews as the form asks', () => {
    renderPlain(<ImageInput label="Logo" value={[A]} onChange={() => {}} previewAlt={() => 'Logo of Nike'} />)
    expect(screen.getByRole('img', { name: 'Logo of Nike' })).toBeInTheDocument()
  })

  it('the remove button hands back the paths without that one', async () => {
    const onChange = vi.fn()
    renderPlain(<ImageInput label="Images" multiple value={[A, B]} onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(onChange).toHaveBeenCalledWith([B])
  })

  it('disables the upload button once the maximum is reached', () => {
    renderPlain(<ImageInput label="Images" multiple max={2} value={[A, B]} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Add images' })).toBeDisabled()
  })

  it('a single image can always be replaced', () => {
    renderPlain(<ImageInput label="Logo" value={[A]} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeEnabled()
  })

  it('the label names the file input, and an error is read with the button', () => {
    renderPlain(
      <ImageInput label="Images" multiple value={[]} onChange={() => {}} error="This field is required" />,
    )
    expect(screen.getByLabelText('Images')).toHaveAttribute('type', 'file')
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveAccessibleDescription(
      expect.stringContaining('This field is required'),
    )
  })

  it('uploads chosen files as file parts and appends the stored paths', async () => {
    const calls = stubUpload({ status: 201, body: { status: true, data: [B], message: 'File uploaded' } })
    const onChange = vi.fn()
    renderPlain(<ImageInput label="Images" multiple value={[A]} onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Images'), png())
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([A, B]))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.getAll('file')).toHaveLength(1)
  })

  it('a single image is replaced by the new upload', async () => {
    stubUpload({ status: 201, body: { status: true, data: [B], message: 'File uploaded' } })
    const onChange = vi.fn()
    renderPlain(<ImageInput label="Logo" value={[A]} onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Logo'), png())
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([B]))
  })

  it('a refused upload is toasted with the server message and changes nothing', async () => {
    const message = 'Not an image we accept; send JPEG, PNG, WebP, GIF or AVIF'
    stubUpload({ status: 415, body: refusalBody(415, 'notAnImage', { file: 'notAnImage' }) })
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 0)
    const onChange = vi.fn()
    renderPlain(<ImageInput label="Images" multiple value={[A]} onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Images'), png('not-an-image.png'))
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1))
    const [shown, options] = toast.mock.calls[0]!
    expect(shown).toBeInstanceOf(ApiError)
    expect((shown as ApiError).status).toBe(415)
    // A person reads the message without the part's name the server puts first for API clients.
    expect(errorText(shown, options)).toBe(message)
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Add images' })).toBeEnabled()
  })

  it('uploads only what still fits and says so', async () => {
    const calls = stubUpload({ status: 201, body: { status: true, data: [B], message: 'File uploaded' } })
    const info = vi.spyOn(notify, 'info').mockImplementation(() => 0)
    const onChange = vi.fn()
    renderPlain(<ImageInput label="Images" multiple max={2} value={[A]} onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Images'), [png('1.png'), png('2.png'), png('3.png')])
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([A, B]))
    expect(calls[0]!.getAll('file')).toHaveLength(1)
    expect(info).toHaveBeenCalledWith('There is room for only 1 more; the other images were left out')
  })
})
