import { ringSlices } from './scale.ts'

export interface Slice {
  key: string
  name: string
  value: number
  /** The slice's value as the legend writes it: '3 (75.0 %)'. */
  text: string
  /** A CSS colour: a Mantine variable, so the dark scheme has its own. */
  colour: string
}

/** The ring's outer size and thickness in pixels: the legend's rows fit beside it. */
export const DONUT_SIZE = 160
const THICKNESS = 28

/**
 * A ring of slices in plain SVG with its legend beside it (each slice's name and value written out, so nothing
 * hides behind a pointer), in the order given. One image to a screen reader, named by `summary`; the chart
 * card's table has the figures.
 *
 * @example <DonutChart slices={slices} summary="Orders by payment method, …: Cash on delivery 3, …" />
 */
export function DonutChart({ slices, summary }: { slices: Slice[]; summary: string }) {
  const radius = DONUT_SIZE / 2
  const paths = ringSlices(
    slices.map((slice) => slice.value),
    radius,
    radius - THICKNESS,
  )
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 'var(--mantine-spacing-lg)',
        minHeight: DONUT_SIZE,
      }}
    >
      <svg role="img" aria-label={summary} width={DONUT_SIZE} height={DONUT_SIZE} style={{ flex: 'none' }}>
        <g transform={`translate(${radius},${radius})`}>
          {slices.map((slice, index) => (
            <path
              key={slice.key}
              d={paths[index]}
              fill={slice.colour}
              // A line of the card's own colour between slices, in either scheme.
              stroke="var(--mantine-color-body)"
              strokeWidth={slices.length > 1 ? 2 : 0}
            />
          ))}
        </g>
      </svg>
      <ul aria-hidden="true" style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 14 }}>
        {slices.map((slice) => (
          <li key={slice.key} style={{ display: 'flex', alignItems: 'center', gap: 8, lineHeight: 1.9 }}>
            <span
              style={{ width: 12, height: 12, borderRadius: 3, background: slice.colour, flex: 'none' }}
            />
            <span>{slice.name}</span>
            <span style={{ color: 'var(--mantine-color-dimmed)', whiteSpace: 'nowrap' }}>{slice.text}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
