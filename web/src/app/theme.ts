import { type CSSVariablesResolver, createTheme } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default shade (6) puts white text on #228be6 at 3.6:1 and links on the grey page at 3.4:1, under
  // the 4.5:1 WCAG AA asks for; shade 8 gives 5:1 and 4.8:1. Every filled button and link uses it.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
})

/**
 * 'dimmed' text (breadcrumbs, hints, empty tables) is gray-6 by default: 3.2:1 on the page's grey, too faint to
 * read for many. gray-7 still looks secondary next to black text and reaches 7.8:1. In the dark scheme, dimmed
 * text is dark-2 by default, 4:1 on a card (dark-7); dark-1 reaches 7.8:1, and 5.6:1 on a row under the pointer.
 *
 * Screens colour their text with these variables (`c="dimmed"`, `var(--mantine-color-error)`), never with a
 * shade of one scheme (`c="gray.7"`), so that each scheme gets its own readable shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // A section that sets a group of cards apart (the dashboard's report): a shade off the page's cards.
    '--app-color-section': 'var(--mantine-color-gray-0)',
    // Text for good news (a figure up): teal-9 reads 5:1 on white.
    '--app-color-good': 'var(--mantine-color-teal-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // A field's error message (and the text of a field in error) is red-6 by default: 3.3:1 on white. red-9 reads
    // as the same red and reaches 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--app-color-section': 'var(--mantine-color-dark-8)',
    // teal-4 reads 8.6:1 on a dark card.
    '--app-color-good': 'var(--mantine-color-teal-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // red-8 by default: 3.4:1 on a dark card; red-4 reaches 6.7:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
})
