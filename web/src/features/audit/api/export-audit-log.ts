import { endpoints } from '@store/contract/client'
import { downloadExport } from '../../../lib/download.ts'
import type { AuditFilterValues } from '../audit-filters.ts'

/**
 * Downloads the audit log entries the filters match as the server's CSV file (CONTRACT 4.4), as every list's
 * export is downloaded (`downloadExport`).
 *
 * @example await exportAuditLog({ entity: 'product', from: '2026-06-01' })
 */
export const exportAuditLog = (filters: AuditFilterValues): Promise<string> =>
  downloadExport(endpoints.audit.export, { ...filters }, 'audit-log.csv')
