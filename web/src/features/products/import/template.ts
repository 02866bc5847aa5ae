import { PRODUCT_IMPORT_COLUMNS } from '@store/contract'

type Column = (typeof PRODUCT_IMPORT_COLUMNS)[number]

/** One CSV cell: quoted when it holds a separator, a quote or a line break, quotes doubled (RFC 4180). */
export const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value

/**
 * The import's template: a UTF-8 BOM (so a spreadsheet reads Vietnamese right), the header the import needs
 * and one example row, whose category and brand are names that exist in the shop when there are any.
 *
 * @example templateCsv({ name: 'Áo thun mẫu', category: 'Áo', … })
 */
export function templateCsv(example: Record<Column, string>): string {
  const lines = [
    PRODUCT_IMPORT_COLUMNS.join(','),
    PRODUCT_IMPORT_COLUMNS.map((column) => csvCell(example[column])).join(','),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** Hands a text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the address is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
