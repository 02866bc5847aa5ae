import { linear } from './scale.ts'
import { useWidth } from './use-width.ts'

export interface Bar {
  key: string
  name: string
  value: number
  /** The value as written beside the bar, in full: '15,500,000 VND'. */
  text: string
}

/** A row: the name and the value on a line, the bar under them. */
export const BAR_ROW_HEIGHT = 36
const FONT_SIZE = 13
/**
 * About the width of a character at 13 px, to shorten a name that would run into its value. SVG text does not
 * wrap or cut itself; the chart's table has every name in full.
 */
const CHAR_WIDTH = 7.5

/** `text` cut to `room` pixels, with an ellipsis when it was longer. */
function shorten(text: string, room: number): string {
  const chars = Math.max(1, Math.floor(room / CHAR_WIDTH))
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1)).trimEnd()}…`
}

/**
 * Horizontal bars in plain SVG, largest first as given: each row names its item and writes its value in full on
 * one line, the bar beneath, as long as the value is against the largest. The values are written, so no axis
 * and no tooltip are needed, and a phone has the whole width for names. One image to a screen reader, named by
 * `summary`; the chart card's table has the rows.
 *
 * @example <BarList bars={rows} summary="Revenue by category, …: 9 categories, the most …" />
 */
export function BarList(props: { bars: Bar[]; summary: string; colour?: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(600)
  // The box is as tall as the bars before they are drawn: nothing moves when they are.
  return (
    <div ref={ref} style={{ height: props.bars.length * BAR_ROW_HEIGHT }}>
      {width !== undefined && <Bars {...props} width={width} />}
    </div>
  )
}

function Bars({
  bars,
  summary,
  colour = 'var(--mantine-color-teal-7)',
  width,
}: {
  bars: Bar[]
  summary: string
  colour?: string
  width: number
}) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value))
  const x = linear([0, largest > 0 ? largest : 1], [0, width])
  const height = bars.length * BAR_ROW_HEIGHT
  return (
    <svg role="img" aria-label={summary} width={width} height={height} style={{ display: 'block' }}>
      {bars.map((bar, index) => {
        const room = width - bar.text.length * CHAR_WIDTH - 12
        return (
          <g key={bar.key} transform={`translate(0,${index * BAR_ROW_HEIGHT})`} fontSize={FONT_SIZE}>
            <text y={14} fill="var(--mantine-color-text)">
              {shorten(bar.name, room)}
            </text>
            <text x={width} y={14} textAnchor="end" fill="var(--mantine-color-dimmed)">
              {bar.text}
            </text>
            {/* At least a sliver for a value above 0, so a small seller is seen to have sold. */}
            <rect
              y={20}
              height={10}
              rx={2}
              width={bar.value > 0 ? Math.max(2, x(bar.value)) : 0}
              fill={colour}
            />
          </g>
        )
      })}
    </svg>
  )
}
