/**
 * Turns the stylesheets index.html only preloads (vite.config.ts, `stylesAfterFirstPaint`) into stylesheets, and
 * settles once each has loaded: the app renders then, styled, while the page's own frame has been on screen since
 * the page arrived. A stylesheet that fails to load does not keep the app from rendering. In development the
 * styles come with the scripts and there is nothing to wait for.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-app-style]')]
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link')
          sheet.rel = 'stylesheet'
          // The same request as the preload's, so the browser takes the file it has already fetched.
          if (preload.hasAttribute('crossorigin'))
            sheet.setAttribute('crossorigin', preload.getAttribute('crossorigin')!)
          sheet.href = preload.href
          sheet.addEventListener('load', () => resolve(), { once: true })
          sheet.addEventListener('error', () => resolve(), { once: true })
          preload.after(sheet)
        }),
    ),
  ).then(() => undefined)
}
