import { type ImportReport, messageRef, messageText } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { tokens } from '../../../lib/http.ts'
import { fakeFetch, json, ok, refusal } from '../../../test/fake-fetch.ts'
import { fakeXhr } from '../../../test/fake-xhr.ts'
import { renderAt } from '../../../test/render.tsx'
import { ProductImportPage } from './product-import-page.tsx'

const csv = (name = 'products.csv') =>
  new File(
    ['id,name,price,quantity,category,brand,size,images,description\n,Áo,1,1,Áo,Việt Tiến,,,x\n'],
    name,
    {
      type: 'text/csv',
    },
  )
const IMPORT = 'POST /api/admin/products/import'

/** A 400 as the server words a rejected file: nothing written, the report in `data`. */
const rejected = (report: ImportReport) =>
  json(400, {
    status: false,
    data: report,
    message: messageText({ code: 'importFailed', params: { count: report.errors.length } }),
    code: 'importFailed',
    params: { count: report.errors.length },
  })

const chooseFile = async (user: ReturnType<typeof userEvent.setup>, file = csv()) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  await user.upload(input, file)
}

describe('the product import screen', () => {
  it('checks a file with faults: the table shows line, field and message, and Import stays off', async () => {
    const server = fakeFetch({
      [IMPORT]: () =>
        rejected({
          created: 0,
          updated: 0,
          errors: [
            { line: 2, field: 'price', message: messageRef('wholeNumber') },
            {
              line: 3,
              field: 'category',
              message: messageRef('csvUnknownName', { what: 'category', name: 'Mũ' }),
            },
            // The English with its code beside it, as a refusal carries it: shown by the code.
            {
              line: 4,
              field: 'name',
              message: 'Name: required (the server’s words)',
              code: 'required',
            } as ImportReport['errors'][number],
            // English alone, from a server that gives no code: shown as it is.
            { line: 5, field: 'size', message: 'Must be a list of sizes: S, M' },
          ],
        }),
    })
    const xhr = fakeXhr()
    tokens.save({
      access: { token: 'access-1', expires: '2030-01-01T00:00:00.000Z' },
      refresh: { token: 'refresh-1', expires: '2030-01-01T00:00:00.000Z' },
    })
    const user = userEvent.setup()
    renderAt(<ProductImportPage />)
    const check = screen.getByRole('button', { name: 'Check file' })
    const run = screen.getByRole('button', { name: 'Import' })
    expect(check).toBeDisabled()
    await chooseFile(user)
    expect(check).toBeEnabled()
    expect(run).toBeDisabled()

    await user.click(check)
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    const upload = xhr.uploads[0]!
    // The token and the language go along as with every call; the file is the one `file` part.
    expect(upload.headers.authorization).toBe('Bearer access-1')
    expect(upload.url).toBe('/api/admin/products/import?dryRun=true')
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File)
    await upload.finish()

    const table = await screen.findByRole('table', { name: 'Errors in the file' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'price', 'Must be a whole number of 0 or more'],
      ['3', 'category', 'No category is named Mũ'],
      ['4', 'name', 'This field is required'],
      ['5', 'size', 'Must be a list of sizes: S, M'],
    ])
    expect(screen.getByRole('alert')).toHaveTextContent('The file has 4 errors; nothing was imported')
    expect(run).toBeDisabled()
    expect(server.callsTo(IMPORT)[0]!.query.get('dryRun')).toBe('true')
  })

  it('shows the upload going, then the server working, then the check; Import writes and links back', async () => {
    const server = fakeFetch({
      [IMPORT]: [
        () => ok({ created: 2, updated: 1, errors: [] }),
        () => ok({ created: 2, updated: 1, errors: [] }),
      ],
    })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<ProductImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))

    xhr.uploads[0]!.progress(40, 100)
    const bar = await screen.findByRole('progressbar', { name: 'Progress of the import' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'))
    expect(screen.getByText('Uploading the file… 40%')).toBeInTheDocument()
    xhr.uploads[0]!.progress(100, 100)
    expect(await screen.findByText('Checking the rows…')).toBeInTheDocument()
    await xhr.uploads[0]!.finish()

    const checked = await screen.findByRole('status')
    expect(checked).toHaveTextContent('The file is ready to import')
    expect(within(checked).getByText('New products').nextSibling).toHaveTextContent('2')
    expect(within(checked).getByText('Changed products').nextSibling).toHaveTextContent('1')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(2))
    xhr.uploads[1]!.progress(100, 100)
    expect(await screen.findByText('Writing the products…')).toBeInTheDocument()
    await xhr.uploads[1]!.finish()
    expect(await screen.findByRole('status')).toHaveTextContent('Import finished')
    expect(screen.getByRole('link', { name: 'Back to the product list' })).toHaveAttribute(
      'href',
      '/admin/products',
    )
    expect(server.callsTo(IMPORT).map((call) => call.query.get('dryRun'))).toEqual(['true', 'false'])
  })

  it('says why a file as a whole is refused (not CSV), without a table', async () => {
    fakeFetch({ [IMPORT]: () => refusal(415, 'notCsv') })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<ProductImportPage />)
    await chooseFile(user, csv('photo.csv'))
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()
    expect(await screen.findByRole('alert')).toHaveTextContent(messageText({ code: 'notCsv' }))
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('renews an expired session once and sends the file again, as every call does', async () => {
    const pair = (n: number) => ({
      access: { token: `access-${n}`, expires: '2030-01-01T00:00:00.000Z' },
      refresh: { token: `refresh-${n}`, expires: '2030-01-01T00:00:00.000Z' },
    })
    tokens.save(pair(1))
    const server = fakeFetch({
      [IMPORT]: [() => refusal(401, 'sessionExpired'), () => ok({ created: 1, updated: 0, errors: [] })],
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair(2) })],
    })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<ProductImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()
    await waitFor(() => expect(xhr.uploads).toHaveLength(2))
    expect(xhr.uploads[1]!.headers.authorization).toBe('Bearer access-2')
    await xhr.uploads[1]!.finish()
    expect(await screen.findByRole('status')).toHaveTextContent('The file is ready to import')
    expect(server.callsTo('POST /api/admin/auth/refresh-tokens')).toHaveLength(1)
  })

  it('starts over when another file is chosen', async () => {
    fakeFetch({ [IMPORT]: () => ok({ created: 1, updated: 0, errors: [] }) })
    const xhr = fakeXhr()
    const user = userEvent.setup()
    renderAt(<ProductImportPage />)
    await chooseFile(user)
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    await waitFor(() => expect(xhr.uploads).toHaveLength(1))
    await xhr.uploads[0]!.finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled())
    await chooseFile(user, csv('other.csv'))
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
