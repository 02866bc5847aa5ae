import type { ReportComparison, ReportInterval } from '@store/contract'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useFormat } from '../../lib/format.ts'
import {
  type PeriodName,
  type ReportMeasure,
  type ReportView,
  readReportView,
  stillAsked,
  withDay,
  withPeriod,
  writeReportView,
} from './period.ts'

/**
 * The report's view kept in the address (period.ts says how): read on every render, so back, forward, a reload
 * and a shared link show the same report; every choice is a new history entry. 'Today' is the store's
 * calendar day (`STORE_TZ`), whatever the browser's zone.
 *
 * @example const report = useReportView(); report.setPeriod('last-month'); report.view.from
 */
export function useReportView() {
  const format = useFormat()
  const today = format.calendarDay(new Date())
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readReportView(params, today), [params, today])

  // The choices not yet on screen, oldest first: each builds on the one before it, so two choices made before
  // the screen renders again both count, and an earlier one shown late does not undo a later one.
  const asked = useRef<URLSearchParams[]>([])
  useEffect(() => {
    asked.current = stillAsked(asked.current, params)
  }, [params])
  const change = useCallback(
    (edit: (current: ReportView) => ReportView) => {
      const base = asked.current.at(-1) ?? params
      const next = writeReportView(base, edit(readReportView(base, today)))
      asked.current = [...asked.current, next]
      setParams(next)
    },
    [params, setParams, today],
  )

  return {
    view,
    today,
    setPeriod: (period: PeriodName) => change((current) => withPeriod(current, period, today)),
    setDay: (end: 'from' | 'to', day: string) => change((current) => withDay(current, end, day)),
    setCompare: (compare: ReportComparison) => change((current) => ({ ...current, compare })),
    setInterval: (interval: ReportInterval) => change((current) => ({ ...current, interval })),
    setMeasure: (measure: ReportMeasure) => change((current) => ({ ...current, measure })),
  }
}

export type ReportViewController = ReturnType<typeof useReportView>
