/**
 * A share as a ring in plain SVG: a track, and an arc from the top, clockwise, as long as `percent` of the
 * whole. Decoration only (hidden from screen readers): the percentage is written beside it. Mantine's
 * RingProgress draws the same, with a tooltip for each arc that measures the page when it first shows, even
 * with no tooltip to show.
 *
 * @example <ShareRing percent={42} colour="var(--mantine-color-blue-filled)" size={52} thickness={6} />
 */
export function ShareRing({
  percent,
  colour,
  size,
  thickness,
  className,
}: {
  percent: number
  colour: string
  size: number
  thickness: number
  className?: string
}) {
  // As Mantine's RingProgress draws it: the ring a little inside its box.
  const radius = (size * 0.9 - thickness * 2) / 2
  const length = 2 * Math.PI * radius
  const share = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0)) / 100
  return (
    <svg aria-hidden="true" className={className} width={size} height={size} style={{ flex: 'none' }}>
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`} fill="none" strokeWidth={thickness}>
        {/* The track in the scheme's own border colour: light grey on white, dark grey in dark mode. */}
        <circle cx={size / 2} cy={size / 2} r={radius} stroke="var(--mantine-color-default-border)" />
        {share > 0 && (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            stroke={colour}
            strokeLinecap="round"
            strokeDasharray={`${share * length} ${length}`}
          />
        )}
      </g>
    </svg>
  )
}
