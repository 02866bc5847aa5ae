import { type RefObject, useLayoutEffect, useRef, useState } from 'react'

/**
 * The width of an element in whole pixels, measured before the browser first paints it and again whenever it
 * changes, so a chart draws its own pixels (text stays its size on a phone) at the width it is given. `fallback`
 * is the width where nothing is laid out (jsdom in the component tests).
 *
 * @example const [ref, width] = useWidth<HTMLDivElement>(600); return <div ref={ref}><svg width={width} … /></div>
 */
export function useWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    // A layout effect's state update renders again before the paint: the first frame is drawn at the real width.
    setWidth(Math.floor(element.getBoundingClientRect().width))
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width > 0 ? width : fallback]
}
