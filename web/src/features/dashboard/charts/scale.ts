/**
 * The arithmetic of the dashboard's SVG charts: a linear scale, an axis's round ticks, a line's path and a
 * ring's slices. These few functions are all the charts need of d3-scale and d3-shape, whose packages come as
 * one file each that the bundler cannot trim: 13.5 KB gzipped for these four (docs/performance.md).
 */

/** Numbers in a path to a hundredth of a pixel: the path stays short and draws the same. */
const round = (value: number) => Math.round(value * 100) / 100

/**
 * Maps [d0, d1] onto [r0, r1] in a straight line; an empty domain maps everything to the middle of the range.
 *
 * @example const y = linear([0, 1000], [200, 0]); y(250) // 150
 */
export function linear([d0, d1]: [number, number], [r0, r1]: [number, number]): (value: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0)
}

/**
 * The ticks of an axis from 0 up to `max` or just above, about `count` of them, a round step apart: 1, 2 or 5
 * times a power of ten, never less than 1 (amounts are whole đồng and counts whole units, so no tick is 0.5).
 * The last tick is the axis's top. A `max` of 0 or less gives the axis 0 to 1.
 *
 * @example axisTicks(12_345_678) // [0, 2_000_000, 4_000_000, …, 14_000_000]
 */
export function axisTicks(max: number, count = 5): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1
  const rough = top / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const error = rough / power
  // The step nearest the rough one on a logarithmic scale, as d3's ticks choose it.
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1
  const step = Math.max(1, factor * power)
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => index * step)
}

/**
 * An SVG path through the points in order, broken where a point is missing (`null`): a period without a figure
 * leaves a gap rather than a line to zero.
 *
 * @example linePath([{ x: 0, y: 10 }, null, { x: 20, y: 5 }, { x: 30, y: 0 }]) // 'M0,10M20,5L30,0'
 */
export function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let path = ''
  let drawing = false
  for (const point of points) {
    if (!point) {
      drawing = false
      continue
    }
    path += `${drawing ? 'L' : 'M'}${round(point.x)},${round(point.y)}`
    drawing = true
  }
  return path
}

/** A point `radius` from the centre at `angle` radians, clockwise from twelve o'clock. */
const polar = (radius: number, angle: number) =>
  `${round(radius * Math.sin(angle))},${round(-radius * Math.cos(angle))}`

/**
 * The slices of a ring centred on 0,0, one SVG path a value, each as large a share of the turn as the value is
 * of the total, clockwise from twelve o'clock in the order given. A value of 0 (or a total of 0) has an empty
 * path; a single value is the whole ring.
 *
 * @example ringSlices([3, 1], 80, 52) // ['M0,-80A80,80 0 1 1 …Z', 'M-80,0A80,80 0 0 1 …Z']
 */
export function ringSlices(values: readonly number[], outer: number, inner: number): string[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0)
  let angle = 0
  return values.map((value) => {
    const share = total > 0 ? Math.max(0, value) / total : 0
    const start = angle
    angle += share * 2 * Math.PI
    if (share === 0) return ''
    if (share >= 1 - 1e-9) {
      // A whole turn is two halves (an arc cannot end where it starts); the inner circle, drawn the other way,
      // leaves the hole.
      const half = (radius: number, sweep: 0 | 1) =>
        `M0,${-radius}A${radius},${radius} 0 1 ${sweep} 0,${radius}A${radius},${radius} 0 1 ${sweep} 0,${-radius}Z`
      return `${half(outer, 1)}${half(inner, 0)}`
    }
    const large = angle - start > Math.PI ? 1 : 0
    return (
      `M${polar(outer, start)}A${outer},${outer} 0 ${large} 1 ${polar(outer, angle)}` +
      `L${polar(inner, angle)}A${inner},${inner} 0 ${large} 0 ${polar(inner, start)}Z`
    )
  })
}
