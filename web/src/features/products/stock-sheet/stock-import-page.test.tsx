import { type ImportReport, messageText, ROLE_PERMISSIONS } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, json, ok } from '../../../test/fake-fetch.ts'
import { fakeXhr } from '../../../test/fake-xhr.ts'
import { renderAt } from '../../../test/render.tsx'
import { StockImportPage } from './stock-import-page.tsx'
import { StockSheetMenu } from './stock-sheet-menu.tsx'

const IMPORT = 'POST /api/admin/products/stock-import'
const EXPORT = 'GET /api/admin/products/variants/export'

const sheet = () =>
  new File(['sku,quantity\r\nAO-M,7\r\nKHONG-CO,1\r\n'], 'kiem-ke.csv', { type: 'text/csv' })

/** A 400 as the server words a rejected stock sheet: nothing written, the report in `data`. */
const rejected = (report: ImportReport) =>
  json(400, {
    status: false,
    data: report,
    message: messageText({ code: 'importFailed', params: { count: report.errors.length } }),
    code: 'importFailed',
    params: { count: report.errors.length },
  })

/** Two faults as the server reports them: the English, and the code and parameters beside it. */
const faults: ImportReport = {
  created: 0,
  updated: 0,
  errors: [
    {
      line: 3,
      field: 'sku',
      message: 'No variant has the SKU KHONG-CO',
      code: 'skuNotFound',
      params: { sku: 'KHONG-CO' },
    },
    {
      line: 4,
      field: 'sku',
      message: 'Line 2 sets this stock too',
      code: 'stockRowTwice',
      params: { line: 2 },
    },
  ] as ImportReport['errors'],
}

const chooseFile = async (user: ReturnType<typeof userEvent.setup>, file = sheet()) => {
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file)
}

/** The cells of each body row of the error table. */
const errorRows = async () => {
  const table = await screen.findByRole('table', { name: /Errors in the file|Lỗi trong tệp/ })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
}

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('the stock count import screen', () => {
  it('explains the columns and offers the stock sheet to fill in', () => {
    renderAt(<StockImportPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Import stock count' })).toBeInTheDocument()
    expect(screen.getByText(/sku finds a variant/)).toHaveTextContent(/quantity is the stock you counted/)
    expect(screen.getByRole('button', { name: 'Download stock sheet' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('checks the file: the rows it would set, nothing written yet', async () => {
    const server = fakeFetch({ [IMPORT]: () => ok({ created: 0, updated: 3, errors: [] }) })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<StockImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    const upload = xhr.uploads[0]!
    expect(upload.url).toBe('/api/admin/products/stock-import?dryRun=true')
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File)
    await upload.finish()

    const checked = await screen.findByRole('status')
    expect(checked).toHaveTextContent('The file is ready to import')
    expect(within(checked).getByText('Rows to set').nextSibling).toHaveTextContent('3')
    expect(checked).toHaveTextContent('Nothing has been written yet')
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled()
    expect(server.callsTo(IMPORT).map((call) => call.query.get('dryRun'))).toEqual(['true'])
  })

  it('lists the faults by line, column and message, and keeps Import off', async () => {
    fakeFetch({ [IMPORT]: () => rejected(faults) })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<StockImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()

    expect(await errorRows()).toEqual([
      ['3', 'sku', 'No variant has the SKU KHONG-CO'],
      ['4', 'sku', 'Line 2 sets this stock too'],
    ])
    expect(screen.getByRole('columnheader', { name: 'Column' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The file has 2 errors; nothing was imported')
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('words each fault in Vietnamese by its code, not in the server’s English', async () => {
    await i18next.changeLanguage('vi')
    fakeFetch({ [IMPORT]: () => rejected(faults) })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<StockImportPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Nhập số kiểm kho' })).toBeInTheDocument()
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Kiểm tra tệp' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()
    expect(await errorRows()).toEqual([
      ['3', 'sku', 'Không có phân loại nào có mã SKU KHONG-CO'],
      ['4', 'sku', 'Dòng 2 cũng đặt tồn kho này'],
    ])
  })

  it('imports the checked file without dryRun and says how many stocks or prices changed', async () => {
    const server = fakeFetch({
      [IMPORT]: [
        () => ok({ created: 0, updated: 3, errors: [] }),
        () => ok({ created: 0, updated: 2, errors: [] }),
      ],
    })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<StockImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled())

    await user.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(2))
    expect(xhr.uploads[1]!.url).toBe('/api/admin/products/stock-import?dryRun=false')
    xhr.uploads[1]!.progress(100, 100)
    expect(await screen.findByText('Setting the stock…')).toBeInTheDocument()
    await xhr.uploads[1]!.finish()

    const done = await screen.findByRole('status')
    expect(done).toHaveTextContent('Stock count imported')
    expect(within(done).getByText('Stocks or prices changed').nextSibling).toHaveTextContent('2')
    expect(screen.getByRole('link', { name: 'Back to the product list' })).toHaveAttribute(
      'href',
      '/admin/products',
    )
    expect(server.callsTo(IMPORT).map((call) => call.query.get('dryRun'))).toEqual(['true', 'false'])
  })
})

describe('the stock sheet menu of the product list', () => {
  it('downloads the stock sheet under the server’s name, with the token', async () => {
    localStorage.setItem('token', 'access-1')
    const server = fakeFetch({
      [EXPORT]: () =>
        new Response('\uFEFFid,sku,product,size,color,price,quantity\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="stock-20261123.csv"',
          },
        }),
    })
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
    const user = userEvent.setup()
    renderAt(<StockSheetMenu />, '/', '*', { dropdowns: true })
    await user.click(screen.getByRole('button', { name: 'Stock sheet' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Download stock sheet' }))
    await waitFor(() => expect(saved).toEqual(['stock-20261123.csv']))
    expect(server.callsTo(EXPORT)[0]!.headers.authorization).toBe('Bearer access-1')
    click.mockRestore()
  })

  it('leads to the import screen for an account that may change the catalogue', async () => {
    const user = userEvent.setup()
    renderAt(<StockSheetMenu />, '/', '*', { dropdowns: true })
    await user.click(screen.getByRole('button', { name: 'Stock sheet' }))
    expect(await screen.findByRole('menuitem', { name: 'Import stock count' })).toHaveAttribute(
      'href',
      '/admin/products/stock-import',
    )
  })

  it('offers only the download to an account that may read the catalogue but not change it', async () => {
    const user = userEvent.setup()
    const readOnly = ROLE_PERMISSIONS.staff.filter((p) => p !== 'catalog:write')
    renderAt(<StockSheetMenu />, '/', '*', { permissions: readOnly, dropdowns: true })
    await user.click(screen.getByRole('button', { name: 'Stock sheet' }))
    expect(await screen.findByRole('menuitem', { name: 'Download stock sheet' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Import stock count' })).not.toBeInTheDocument()
  })

  it('is not there without the catalogue', () => {
    renderAt(<StockSheetMenu />, '/', '*', { permissions: ['orders:read'] })
    expect(screen.queryByRole('button', { name: 'Stock sheet' })).not.toBeInTheDocument()
  })
})
