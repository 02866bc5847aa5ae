import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { type Column, DataTable, PHONE_QUERY } from './data-table.tsx'

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
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No.', 'Name'])
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

  it('says Nothing here yet. when the list is empty and has no words of its own, across every column', () => {
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
    const cell = screen.getByText('Nothing here yet.').closest('td')
    expect(cell).toHaveAttribute('colspan', '2')
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false')
  })

  it('says its own words when empty, if it has them', () => {
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
        emptyText="No things yet."
      />,
    )
    expect(screen.getByText('No things yet.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument()
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
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument()
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
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument()
    screen.getByRole('button', { name: 'Try again' }).click()
    expect(retry).toHaveBeenCalledOnce()
  })
})

describe('DataTable sorting, selection and filtered emptiness', () => {
  const sortable: Column<Row>[] = [
    { key: 'name', header: 'Name', sort: 'name', render: (row) => row.name },
    { key: 'note', header: 'Note', render: () => '' },
  ]

  it('makes a sortable header a button, marks the sorted one with aria-sort, and reports the click', () => {
    const onSort = vi.fn()
    renderPlain(
      <DataTable
        caption="Things"
        columns={sortable}
        rows={rows(1)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
        sort={{ field: 'name', direction: 'desc' }}
        onSort={onSort}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending')
    // A column without a sort field is not a button and claims no sort.
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort')
    expect(screen.queryByRole('button', { name: 'Note' })).not.toBeInTheDocument()
    screen.getByRole('button', { name: 'Name' }).click()
    expect(onSort).toHaveBeenCalledWith('name')
  })

  it('puts each row’s checkbox in its No. cell, which still reads as the number', () => {
    const toggle = vi.fn()
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows(2)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
        selection={{ selected: new Set(['r1']), toggle, label: (r) => r.name }}
      />,
    )
    expect(bodyRows()).toEqual([
      ['1', 'Row 0'],
      ['2', 'Row 1'],
    ])
    expect(screen.getByRole('checkbox', { name: 'Select Row 1' })).toBeChecked()
    screen.getByRole('checkbox', { name: 'Select Row 0' }).click()
    expect(toggle).toHaveBeenCalledWith('r0')
  })

  it('says the filters found nothing, with a button that clears them', () => {
    const clear = vi.fn()
    renderPlain(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
        filtered
        onClearFilters={clear}
      />,
    )
    expect(screen.getByText('Nothing matches these filters.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument()
    screen.getByRole('button', { name: 'Clear filters' }).click()
    expect(clear).toHaveBeenCalledOnce()
  })

  it('names what the filters did not find when the list has its own words for it', () => {
    renderPlain(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
        filtered
        emptyText="No orders yet."
        noMatchText="No orders match your search or filters."
      />,
    )
    expect(screen.getByText('No orders match your search or filters.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing matches these filters.')).not.toBeInTheDocument()
    expect(screen.queryByText('No orders yet.')).not.toBeInTheDocument()
  })
})

describe('DataTable on a phone', () => {
  const real = window.matchMedia
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...real(query),
      matches: query === PHONE_QUERY,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as typeof window.matchMedia
  })
  afterEach(() => {
    window.matchMedia = real
  })

  it('turns each row into a card: No., the first column as title, the others labelled, a kept cell apart', () => {
    const phoneColumns: Column<Row>[] = [
      { key: 'name', header: 'Name', render: (row) => row.name },
      { key: 'price', header: 'Price', render: () => '10 VND' },
      { key: 'image', header: 'Image', phone: 'hide', render: () => 'picture' },
      { key: 'action', header: 'Action', phone: 'cell', render: () => 'edit' },
    ]
    renderPlain(
      <DataTable
        caption="Things"
        columns={phoneColumns}
        rows={rows(1)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No.', 'Things', 'Action'])
    expect(bodyRows()).toEqual([['1', 'Row 0Price:10 VND', 'edit']])
    expect(screen.queryByText('picture')).not.toBeInTheDocument()
  })

  it('renders as cards from the first render on, never first as a laptop’s table', () => {
    const picture = vi.fn(() => 'picture')
    renderPlain(
      <DataTable
        caption="Things"
        columns={[
          { key: 'name', header: 'Name', render: (row: Row) => row.name },
          { key: 'image', header: 'Image', phone: 'hide', render: picture },
        ]}
        rows={rows(3)}
        meta={meta(3, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(bodyRows()).toHaveLength(3)
    expect(picture).not.toHaveBeenCalled()
  })

  it('shows a value of 0 in a card, as it shows any other number (a product nothing of which has sold)', () => {
    const counted: Column<Row>[] = [
      { key: 'name', header: 'Name', render: (row) => row.name },
      { key: 'sold', header: 'Sold', render: () => 0 },
    ]
    renderPlain(
      <DataTable
        caption="Things"
        columns={counted}
        rows={rows(1)}
        meta={meta(1, 10)}
        loading={false}
        rowKey={(r) => r.id}
      />,
    )
    expect(bodyRows()).toEqual([['1', 'Row 0Sold:0']])
  })
})
