import { pathOf, type Route } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { ApiError, api, tokens } from './http.ts'

/** How long the browser keeps the downloaded file's object URL: long enough for a slow disk to take it. */
const KEEP_URL_MS = 40_000

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)
  return match ? decodeURIComponent(match[1]!) : undefined
}

const addressOf = (
  endpoint: Route,
  query: Record<string, string | number | undefined>,
  params: Record<string, unknown> = {},
) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value))
  }
  const text = search.toString()
  return `${pathOf(endpoint, params)}${text ? `?${text}` : ''}`
}

const fetchFile = (address: string, accept: string) =>
  fetch(address, {
    headers: { accept, ...(tokens.access && { authorization: `Bearer ${tokens.access}` }) },
  }).catch(() => {
    throw new ApiError(0)
  })

/** What `downloadFile` asks for: the call's path parameters and query, and the file's kind and name. */
export interface FileRequest {
  params?: Record<string, unknown>
  query?: Record<string, string | number | undefined>
  /** The `Accept` header: 'text/csv', 'application/pdf'. */
  accept: string
  /** The name to save under when the server gives none. */
  fallbackName: string
}

/**
 * Downloads what a call answers as a file (a CSV export, an invoice PDF) and saves it under the name the server
 * gives in `Content-Disposition`. A file is not JSON, so this is not a call through `api`; it sends the
 * session's token the same way, and when the token has expired one `api` call renews the session (or ends it)
 * before the one retry. A refusal throws `ApiError`. Answers the file's name.
 *
 * @example await downloadFile(endpoints.orders.invoice, { params: { id: '12' }, accept: 'application/pdf', fallbackName: 'invoice-12.pdf' })
 */
export async function downloadFile(endpoint: Route, request: FileRequest): Promise<string> {
  const address = addressOf(endpoint, request.query ?? {}, request.params)
  let response = await fetchFile(address, request.accept)
  if (response.status === 401) {
    await api(endpoints.auth.me)
    response = await fetchFile(address, request.accept)
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => null)
    throw new ApiError(response.status, answer ?? { message: response.statusText })
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? request.fallbackName
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), KEEP_URL_MS)
  return name
}

/**
 * Downloads what an export call answers (a CSV file, CONTRACT 4.1): `downloadFile` with the list's filters as
 * the query.
 *
 * @example await downloadExport(endpoints.orders.export, { status: '1', sortBy: 'totalPrice:asc' })
 */
export const downloadExport = (
  endpoint: Route,
  query: Record<string, string | number | undefined>,
  fallbackName = 'export.csv',
): Promise<string> => downloadFile(endpoint, { query, accept: 'text/csv', fallbackName })
