import { type RefObject, useEffect, useRef, useState } from 'react'

/**
 * The width of an element in whole pixels, as a ResizeObserver reports it, so a chart draws its own pixels (text
 * stays its size on a phone) at the width it is given; `undefined` until the first report, which comes with the
 * element's first frame. Until then the chart's box, as tall as the chart, is laid out with the rest of the page,
 * and the chart is drawn in a render of its own right after: nothing moves. (Reading the width in a layout effect
 * instead made the browser lay out the whole page inside React's commit, the dashboard's longest task on a
 * phone.) `fallback` is the width when the report is 0, where nothing is laid out (jsdom in the component tests).
 *
 * @example const [ref, width] = useWidth<HTMLDivElement>(600)
 * return <div ref={ref} style={{ height }}>{width !== undefined && <svg width={width} … />}</div>
 */
export function useWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number | undefined] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState<number>()
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width) || fallback)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [fallback])
  return [ref, width]
}
