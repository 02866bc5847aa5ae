import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** The inline script of the fixture's page, as index.html's sets the colour scheme before the first paint. */
export const INLINE_SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark')"

/**
 * A built web app as `vite build` leaves it, made small: `index.html` with the CSP nonce placeholder where the
 * build writes it, an inline script, one hashed script with the brotli and gzip copies the build writes beside it, and the icon.
 */
export function makeWebDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Store back-office</title>
    <script nonce="__CSP_NONCE__">${INLINE_SCRIPT}</script>
    <meta property="csp-nonce" nonce="__CSP_NONCE__">
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js" nonce="__CSP_NONCE__"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css" nonce="__CSP_NONCE__">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  )
  // About 40 KB of script that compresses as real code does: repeated shapes, differing names.
  const script = Buffer.from(
    Array.from(
      { length: 800 },
      (_, i) => `export function screen${i}(props){return h("div",{className:"row-${i % 17}"},props.name)}\n`,
    ).join(''),
  )
  const file = path.join(dir, 'assets', 'index-Ab12Cd34.js')
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, brotliCompressSync(script))
  writeFileSync(`${file}.gz`, gzipSync(script))
  const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>')
  writeFileSync(path.join(dir, 'favicon.svg'), icon)
  return {
    dir,
    script: { url: '/assets/index-Ab12Cd34.js', bytes: script },
    icon: { url: '/favicon.svg', bytes: icon },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
