import { pathOf } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { ApiError, api, tokens } from '../../../lib/http.ts'
import type { AuditFilterValues } from '../audit-filters.ts'

/** How long the browser keeps the downloaded file's object URL: long enough for a slow disk to take it. */
const KEEP_URL_MS = 40_000

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)
  return match ? decodeURIComponent(match[1]!) : undefined
}

const exportAddress = (filters: AuditFilterValues) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value)
  const text = query.toString()
  return `${pathOf(endpoints.audit.export)}${text ? `?${text}` : ''}`
}

const fetchExport = (address: string) =>
  fetch(address, {
    headers: { accept: 'text/csv', ...(tokens.access && { authorization: `Bearer ${tokens.access}` }) },
  }).catch(() => {
    throw new ApiError(0)
  })

/**
 * Downloads the audit log entries the filters match as the server's CSV file (CONTRACT 4.4). A file is not
 * JSON, so this is not a call through `api`; it sends the session's token the same way, and when the token has
 * expired one `api` call renews the session (or ends it) before the one retry. A refusal throws `ApiError`.
 *
 * @example await exportAuditLog({ entity: 'product', from: '2026-06-01' })
 */
export async function exportAuditLog(filters: AuditFilterValues): Promise<string> {
  const address = exportAddress(filters)
  let response = await fetchExport(address)
  if (response.status === 401) {
    await api(endpoints.auth.me)
    response = await fetchExport(address)
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => null)
    throw new ApiError(response.status, answer ?? { message: response.statusText })
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? 'audit-log.csv'
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
