import { useMediaQuery } from '@mantine/hooks'

/**
 * Whether a media query matches, from the first render on. Mantine's hook reads it in an effect by default (for
 * pages rendered on a server, which this app never is), so on a phone the layout and a list rendered once as on
 * a laptop, every column of the table included, and then again as on a phone.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false })
}
