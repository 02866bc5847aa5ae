import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { type Column, DataTable } from './data-table.tsx'

interface Row {
  id: string
  name: string
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Name', render: (row) => row.name }]
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }))
const meta = (page: number, limit: number) => ({ page, limit, totalPages: 5, totalResults: 50 })

/** The text of each body row's cells. */
const bodyRows = () => {
  const [, body] = screen.getAllByRole('rowgroup')
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
}

describe('DataTable', () => {
  it('numbers the rows from the page and the page size: page 3 of 10 a page starts at 21', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(3)}
        meta={meta(3, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Stt', 'Name'])
    expect(bodyRows()).toEqual([
      ['21', 'Row 0'],
      ['22', 'Row 1'],
      ['23', 'Row 2'],
    ])
  })

  it('uses the page size of the answer, not a fixed 10', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(2)}
        meta={meta(2, 25)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(bodyRows().map(([stt]) => stt)).toEqual(['26', '27'])
  })

  it('starts at 1 on the first page, and before any meta', () => {
    const { unmount } = renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(2)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(bodyRows().map(([stt]) => stt)).toEqual(['1', '2'])
    unmount()
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(1)}
        meta={undefined}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(bodyRows().map(([stt]) => stt)).toEqual(['1'])
  })

  it("says There aren't any lines. when the list is empty, across every column", () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    const cell = screen.getByText("There aren't any lines.").closest('td')
    expect(cell).toHaveAttribute('colspan', '2')
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false')
  })

  it('shows the spinner and marks the table busy while loading, without the empty text', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        meta={undefined}
        loading
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument()
    expect(screen.queryByText("There aren't any lines.")).not.toBeInTheDocument()
  })

  it('keeps the old rows under the spinner while the next page loads', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(2)}
        meta={meta(1, 10)}
        loading
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument()
    expect(screen.getByText('Row 1')).toBeInTheDocument()
  })

  it('shows no spinner once loaded', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(1)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument()
  })

  it('says the list failed, not that it is empty, and offers to try again', async () => {
    const retry = vi.fn()
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        meta={undefined}
        loading={false}
        failed
        onRetry={retry}
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.')
    expect(screen.queryByText("There aren't any lines.")).not.toBeInTheDocument()
    screen.getByRole('button', { name: 'Try again' }).click()
    expect(retry).toHaveBeenCalledOnce()
  })
})
