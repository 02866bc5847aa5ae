import { useId } from 'react'
import classes from './segments.module.css'

/**
 * One choice of a few, as a row of segments: radios (the arrow keys move between them, a screen reader reads a
 * radio group), drawn with CSS alone. Mantine's SegmentedControl measures its items when it first shows, to slide
 * its indicator, and that made the browser lay out the whole page inside React's commit (on the dashboard, its
 * longest task); these segments need no measuring.
 *
 * @example <Segments aria-labelledby={labelId} value={interval} onChange={setInterval}
 *   data={[{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }]} />
 */
export function Segments<V extends string>({
  value,
  onChange,
  data,
  'aria-labelledby': labelledBy,
}: {
  value: V
  onChange: (value: V) => void
  data: readonly { value: V; label: string }[]
  'aria-labelledby': string
}) {
  const name = useId()
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.root}>
      {data.map((item) => {
        const id = `${name}-${item.value}`
        return (
          <div key={item.value} className={classes.segment}>
            <input
              id={id}
              className={classes.input}
              type="radio"
              name={name}
              value={item.value}
              checked={item.value === value}
              onChange={() => onChange(item.value)}
            />
            <label htmlFor={id} className={classes.label}>
              {item.label}
            </label>
          </div>
        )
      })}
    </div>
  )
}
