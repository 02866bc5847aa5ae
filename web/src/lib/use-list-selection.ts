import type { BulkAnswer, BulkOutcome, Resource, Route } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { api } from './http.ts'
import type { FilterOption } from './list-filters.ts'
import { invalidateAfter } from './queries.ts'

/** A change to many rows at once (CONTRACT 4.1 bulk calls): its call, and the choice it may need first. */
export interface BulkCall {
  /** Names the action in code and tests: 'delete', 'status'. */
  name: string
  /** The button's text: 'Delete', 'Change status'. */
  label: string
  endpoint: Route
  /** The call's body for the chosen ids (and the choice, when the action has one). */
  body: (ids: string[], choice: string) => unknown
  /** A value to choose before the call (the new status), offered as a select. */
  choice?: { label: string; options: readonly FilterOption[] }
  /** What the confirm dialog asks, with the number of records (and the chosen option's label). */
  question: (count: number, choice: string | undefined) => string
  /** A destructive action shows in red. */
  danger?: boolean
  run?: never
}

/**
 * Something done with the selected rows that changes none of them (a download of their packing slips): run at
 * once with the selected ids, without a question or a report of each row; a failure is toasted.
 */
export interface BulkTask {
  name: string
  label: string
  run: (ids: string[]) => Promise<unknown>
}

/** What the selected rows offer: a bulk call, or a task that changes nothing. */
export type BulkAction = BulkCall | BulkTask

/** What a bulk call answered, with the rows it was asked about as they were then (for their names). */
export interface BulkResult<Row> {
  action: BulkCall
  outcomes: BulkOutcome[]
  rows: Row[]
}

export interface ListSelectionOptions<Row> {
  /** The list's resource: what a bulk call makes stale, so the list loads again. */
  resource: string
  /** The rows on screen, each with its `id`. */
  rows: Row[]
  /** Names the rows asked for (`useListAddress().view`): another one starts a new selection. */
  view: string
  /** The bulk actions the selected rows offer. */
  bulk?: readonly BulkAction[]
}

const NO_ACTIONS: readonly BulkAction[] = []
const idOf = (row: unknown) => (row as { id: string }).id

/**
 * The selection of rows and what is done with it, without markup: rows chosen one by one or the whole page,
 * a bulk call asked about first (with its choice, such as the new status), then sent with the chosen ids and
 * its answer kept for its report (`BulkResults`, a toast), one line a refused record; or a task run at once. The
 * selection belongs to the rows on screen: another page, sort or filter starts a new one, and so does a bulk call
 * done.
 *
 * @example
 * const selection = useListSelection({ resource: 'orders', rows, view: address.view, bulk: [changeStatus] })
 * selection.toggleRow('7'); selection.askBulk(changeStatus, '2'); selection.confirmBulk()
 */
export function useListSelection<Row>(options: ListSelectionOptions<Row>): ListSelection<Row> {
  const { resource, rows, view, bulk = NO_ACTIONS } = options
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    void view
    setSelected(new Set())
  }, [view])
  const onPage = rows.map(idOf)
  const allSelected = onPage.length > 0 && onPage.every((id) => selected.has(id))

  const [pendingBulk, setPendingBulk] = useState<{ action: BulkCall; choice: string } | null>(null)
  const [bulkResult, setBulkResult] = useState<BulkResult<Row> | null>(null)
  const bulkCall = useMutation({
    mutationFn: async ({ action, choice }: { action: BulkCall; choice: string }) => {
      const ids = onPage.filter((id) => selected.has(id))
      const asked = rows.filter((row) => selected.has(idOf(row)))
      const reply = (await (api as (e: Route, input: unknown) => Promise<BulkAnswer>)(action.endpoint, {
        body: action.body(ids, choice),
      })) as BulkAnswer
      return { action, outcomes: reply.data, rows: asked }
    },
    onSuccess: async (result) => {
      setBulkResult(result)
      setSelected(new Set())
      await invalidateAfter(queryClient, resource as Resource)
    },
    onSettled: () => setPendingBulk(null),
  })
  // A failure is toasted by the mutation cache; the selection stays, to try again.
  const task = useMutation({
    mutationFn: (action: BulkTask) => action.run(onPage.filter((id) => selected.has(id))),
  })

  return {
    bulkActions: bulk,
    selected,
    allSelected,
    toggleRow: (id: string) =>
      setSelected((before) => {
        const next = new Set(before)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(onPage)),
    pendingBulk,
    askBulk: (action: BulkCall, choice = '') => setPendingBulk({ action, choice }),
    cancelBulk: () => setPendingBulk(null),
    confirmBulk: () => {
      if (pendingBulk) bulkCall.mutate(pendingBulk)
    },
    bulkRunning: bulkCall.isPending,
    runTask: (action: BulkTask) => task.mutate(action),
    taskRunning: task.isPending ? task.variables?.name : undefined,
    bulkResult,
    closeBulkResult: () => setBulkResult(null),
  }
}

/** What a list screen reads of its selection and bulk actions, by the type of its rows. */
export interface ListSelection<Row> {
  bulkActions: readonly BulkAction[]
  selected: ReadonlySet<string>
  allSelected: boolean
  toggleRow: (id: string) => void
  toggleAll: () => void
  pendingBulk: { action: BulkCall; choice: string } | null
  askBulk: (action: BulkCall, choice?: string) => void
  cancelBulk: () => void
  confirmBulk: () => void
  bulkRunning: boolean
  /** Runs a task on the selected rows at once. */
  runTask: (action: BulkTask) => void
  /** The name of the task running now, if any. */
  taskRunning: string | undefined
  bulkResult: BulkResult<Row> | null
  closeBulkResult: () => void
}
