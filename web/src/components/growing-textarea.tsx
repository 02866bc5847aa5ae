import { Textarea, type TextareaProps } from '@mantine/core'

/** A box's lines as a height: the lines at the field's own line height, its padding and its border. */
const linesHigh = (lines: number) =>
  `calc(${lines}lh + 2 * var(--input-padding-y, 0rem) + 2 * calc(0.0625rem * var(--mantine-scale)))`

/**
 * A Textarea that grows with its text, from `minRows` lines to `maxRows` (then it scrolls), sized by the
 * browser (CSS `field-sizing: content`). Mantine's `autosize` measures the text in a hidden copy of the field
 * after every render, which makes the browser restyle and lay out the page each time, in the middle of React's
 * work; on the order screens that was a tenth of their longest task. A browser without `field-sizing` shows
 * `minRows` lines and scrolls.
 *
 * @example <GrowingTextarea label="Customer note" minRows={2} {...register('customerNote')} />
 */
export function GrowingTextarea({
  minRows = 2,
  maxRows,
  ...props
}: Omit<TextareaProps, 'autosize' | 'rows' | 'styles'> & { minRows?: number; maxRows?: number }) {
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: linesHigh(minRows),
          maxHeight: maxRows === undefined ? undefined : linesHigh(maxRows),
        },
      }}
    />
  )
}
