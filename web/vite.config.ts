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

/**
 * Adds to index.html a `<link rel="modulepreload">` for each named chunk that every screen loads (sign-in
 * included), so they download beside the entry instead of after it has run and the router has asked for the
 * screen's code: on a phone's line that is one round trip and a second of waiting less.
 */
function preloadEveryScreensChunks(names: readonly string[]): Plugin {
  return {
    name: 'store:preload-every-screens-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((file) => file.type === 'chunk' && !file.isEntry && names.includes(file.name))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  }
}

/**
 * The libraries only some screens use, each a chunk of its own: dates on screens with a date field, forms on
 * screens with a form or a list's filters (and sign-in), the command palette's once it is first opened.
 */
const LATE_LIBRARIES = {
  palette: /[\\/]node_modules[\\/]@mantine[\\/]spotlight[\\/]/,
  dates: /[\\/]node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/,
  forms: /[\\/]node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/,
}
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id)

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    stylesAfterFirstPaint(),
    preloadEveryScreensChunks(['ui', 'forms', 'contract']),
  ],
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
    rolldownOptions: {
      output: {
        // The libraries in a few large chunks instead of one per module (docs/performance.md, "Chunks"): a
        // screen fetched 50 to 110 files, and on a phone's line each file costs a round trip of its own.
        codeSplitting: {
          groups: [
            // What the first page of any screen runs before its own code: React, the router, the query cache,
            // i18next, Mantine's provider.
            { name: 'vendor', test: inNodeModules, tags: ['$initial'], priority: 4 },
            // The rest of Mantine, the icons and the toasts: every screen's components.
            {
              name: 'ui',
              test: (id) => inNodeModules(id) && !Object.values(LATE_LIBRARIES).some((late) => late.test(id)),
              priority: 3,
            },
            { name: 'dates', test: LATE_LIBRARIES.dates, priority: 2 },
            { name: 'forms', test: LATE_LIBRARIES.forms, priority: 2 },
            { name: 'palette', test: LATE_LIBRARIES.palette, priority: 2 },
            // The API's contract (its schemas, enums and messages), one module per resource: one chunk. Its
            // zod-free table of paths (client.ts, endpoint.ts) stays with the first page's code, and its index
            // only re-exports.
            {
              name: 'contract',
              test: (id) =>
                /[\\/]contract[\\/]src[\\/]/.test(id) && !/[\\/](client|endpoint|index)\.ts$/.test(id),
              priority: 1,
              // Else the group would take endpoint.ts too, as the schemas import it, and with it the first page.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
