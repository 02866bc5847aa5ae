import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/** Files the browser can take compressed; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|ico|webmanifest)$/

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest levels:
 * done once here, the server sends the copy the browser accepts as it is (`server/src/web/static.ts`). Every
 * such file gets both copies, even a tiny one, so the server never has to compress one itself. `index.html` is
 * left out: the server writes a fresh nonce into it for each answer, so it is compressed then.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
      for (const entry of files) {
        const file = path.join(entry.parentPath, entry.name)
        const relative = path.relative(outDir, file)
        // `.vite/manifest.json` is read by a script of the build, never served.
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || relative === 'index.html') continue
        if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue
        const content = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

/**
 * Makes the entry's stylesheets wait for the script instead of the first paint: each `<link rel="stylesheet">` the
 * build writes into index.html becomes a `<link rel="preload" as="style" data-app-style>`, fetched as early, which
 * main.tsx turns into a stylesheet and waits for before it renders. The page's own frame (index.html's inline
 * style) is painted as soon as the page arrives: on a slow line the stylesheets alone take seconds.
 */
function stylesAfterFirstPaint(): Plugin {
  return {
    name: 'store:styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="preload" as="style" data-app-style$1>'),
    },
  }
}

export default defineConfig({
  plugins: [react(), precompress(), stylesAfterFirstPaint()],
  // `npm run dev -w web` serves the app with hot reload and hands /api to the server started by `npm run dev`.
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The server puts a fresh CSP nonce in place of this in each answer of index.html (NONCE_PLACEHOLDER in
  // server/src/web/static.ts); the app reads it from `<meta property="csp-nonce">` for the styles it injects.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/initial-js-size.ts reads it to sum what the first page load fetches.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
})
