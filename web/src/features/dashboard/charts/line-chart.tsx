import { type PointerEvent, useState } from 'react'
import { axisTicks, linear, linePath } from './scale.ts'
import { useWidth } from './use-width.ts'

/** One period of the chart: its value, and the compared period's at the same place when there is one. */
export interface LinePoint {
  /** Under the axis, short: '05-04'. */
  tick: string
  /** In the tooltip, in full: '2026-05-04', 'Week of 2026-05-04'. */
  label: string
  value: number | null
  compared?: { label: string; value: number | null }
}

/** Room for the axes' labels around the plot, in pixels. */
const MARGIN = { top: 10, right: 20, bottom: 26, left: 68 }
/** The legend's row above the plot, when there is a compared period. */
const LEGEND_HEIGHT = 24
/** The least room an axis label takes, so labels never touch: '2026-05' at 12 px is about 48 px. */
const TICK_SPACING = 60
/** Beyond this many periods the points are a line only (a dot a day over a year would be a smudge). */
const MAX_DOTS = 31

const CURRENT_COLOUR = 'var(--mantine-color-blue-6)'
const COMPARED_COLOUR = 'var(--mantine-color-dimmed)'
const TEXT = { fill: 'var(--mantine-color-dimmed)', fontSize: 12 }

const isValue = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value)

type LineChartProps = {
  points: LinePoint[]
  height: number
  summary: string
  /** A value in full, for the tooltip: '1,250,000 VND'. */
  value: (value: number) => string
  /** A value on the axis, short: '1.3M'. */
  tick: (value: number) => string
  names: { current: string; compared: string }
}

/**
 * A line over time in plain SVG: the periods along the bottom, the values up the side with a light grid, the
 * compared period as a dashed grey line. Pointing at the chart shows the period's figures in a tooltip. The
 * drawing is one image to a screen reader, named by `summary`; the figures themselves are in the table the
 * chart card keeps beside it. Its height is fixed, so a placeholder of the same height keeps the page still.
 *
 * @example
 * <LineChart points={points} height={260} summary="Revenue by day, …: highest …" value={format.money}
 *   tick={format.compactMoney} names={{ current: 'This period', compared: 'Compared period' }} />
 */
export function LineChart(props: LineChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(600)
  return (
    <div ref={ref} style={{ position: 'relative', height: props.height }}>
      {width !== undefined && <Plot {...props} width={width} />}
    </div>
  )
}

/** The chart drawn at `width`, inside LineChart's box. */
function Plot({
  points,
  height,
  summary,
  value: valueText,
  tick: tickText,
  names,
  width,
}: LineChartProps & { width: number }) {
  const [active, setActive] = useState<number | null>(null)
  const comparing = points.some((point) => point.compared !== undefined)
  const plotHeight = comparing ? height - LEGEND_HEIGHT : height

  const values = points.flatMap((point) => [point.value, point.compared?.value]).filter(isValue)
  const yTicks = axisTicks(Math.max(0, ...values))
  const y = linear([0, yTicks.at(-1)!], [plotHeight - MARGIN.bottom, MARGIN.top])

  const left = MARGIN.left + 8
  const right = Math.max(left + 1, width - MARGIN.right)
  const last = points.length - 1
  const x = linear([0, last], [left, right])
  // Every nth period is labelled, as many as fit.
  const labelEvery = Math.max(
    1,
    Math.ceil(points.length / Math.max(1, Math.floor((right - left) / TICK_SPACING))),
  )

  const current = points.map((point) => point.value)
  const compared = points.map((point) => point.compared?.value ?? null)
  const path = (line: (number | null)[]) =>
    linePath(line.map((v, index) => (isValue(v) ? { x: x(index), y: y(v) } : null)))

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (points.length === 0) return
    const at = event.clientX - event.currentTarget.getBoundingClientRect().left
    const index = last > 0 ? Math.round(((at - left) / (right - left)) * last) : 0
    setActive(Math.min(last, Math.max(0, index)))
  }
  const shown = active === null ? undefined : points[active]

  return (
    <>
      {comparing && (
        <div
          aria-hidden="true"
          style={{ display: 'flex', gap: 16, height: LEGEND_HEIGHT, alignItems: 'center', fontSize: 12 }}
        >
          <LegendLine colour={CURRENT_COLOUR} name={names.current} />
          <LegendLine colour={COMPARED_COLOUR} name={names.compared} dashed />
        </div>
      )}
      <svg
        role="img"
        aria-label={summary}
        width={width}
        height={plotHeight}
        style={{ display: 'block', touchAction: 'pan-y' }}
        onPointerMove={point}
        onPointerDown={point}
        onPointerLeave={() => setActive(null)}
      >
        {yTicks.map((value) => (
          <g key={value} transform={`translate(0,${y(value)})`}>
            <line x1={MARGIN.left} x2={right} stroke="var(--mantine-color-default-border)" />
            <text x={MARGIN.left - 8} dy="0.32em" textAnchor="end" {...TEXT}>
              {tickText(value)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % labelEvery === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a label's place is its period's
            <text key={index} x={x(index)} y={plotHeight - 6} textAnchor="middle" {...TEXT}>
              {point.tick}
            </text>
          ) : null,
        )}
        {comparing && (
          <path
            d={path(compared)}
            fill="none"
            stroke={COMPARED_COLOUR}
            strokeWidth={2}
            strokeDasharray="5 5"
          />
        )}
        <path d={path(current)} fill="none" stroke={CURRENT_COLOUR} strokeWidth={2} />
        {points.length <= MAX_DOTS &&
          current.map((v, index) =>
            isValue(v) ? (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: a period's place is what the dot stands for
                key={index}
                cx={x(index)}
                cy={y(v)}
                r={3}
                fill={CURRENT_COLOUR}
              />
            ) : null,
          )}
        {shown && active !== null && (
          <g>
            <line
              x1={x(active)}
              x2={x(active)}
              y1={MARGIN.top}
              y2={plotHeight - MARGIN.bottom}
              stroke="var(--mantine-color-dimmed)"
            />
            {isValue(compared[active]) && (
              <circle cx={x(active)} cy={y(compared[active])} r={4.5} fill={COMPARED_COLOUR} />
            )}
            {isValue(shown.value) && (
              <circle
                cx={x(active)}
                cy={y(shown.value)}
                r={4.5}
                fill={CURRENT_COLOUR}
                stroke="var(--mantine-color-body)"
                strokeWidth={2}
              />
            )}
          </g>
        )}
      </svg>
      {shown && active !== null && (
        // The table says the same to a screen reader: the tooltip is for the eye and the pointer only.
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            top: (comparing ? LEGEND_HEIGHT : 0) + MARGIN.top,
            left: x(active),
            // On the side of the pointer with more room.
            transform: x(active) > width / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            fontSize: 12,
            lineHeight: 1.5,
            padding: '6px 10px',
            background: 'var(--mantine-color-body)',
            color: 'var(--mantine-color-text)',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            boxShadow: 'var(--mantine-shadow-sm)',
          }}
        >
          <div style={{ fontWeight: 600 }}>{shown.label}</div>
          <div>{isValue(shown.value) ? valueText(shown.value) : '—'}</div>
          {shown.compared && (
            <div style={{ color: 'var(--mantine-color-dimmed)' }}>
              {shown.compared.label}: {isValue(shown.compared.value) ? valueText(shown.compared.value) : '—'}
            </div>
          )}
        </div>
      )}
    </>
  )
}

function LegendLine({ colour, name, dashed }: { colour: string; name: string; dashed?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span style={{ width: 18, borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${colour}` }} />
      {name}
    </span>
  )
}
