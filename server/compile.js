// @ts-check
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Compiles the server for `npm start`: its TypeScript and the contract's, bundled into a few ES modules in
// `server/dist/` (the packages of node_modules stay outside and are imported as they are). Loading those takes
// about half the time of running the same source through tsx, and the process holds about 90 MB less.
// `npm run dev` and the tests run the source itself.
//
// It compiles only when a source file changed since the last time (their sizes and times are compared), so a
// start after an edit runs the edit and a start without one costs a few milliseconds. The files are written
// whole (written aside, then renamed), so processes starting together (the worker processes' tests) read either
// the old file or the new one, never half of one.

const serverDir = path.dirname(fileURLToPath(import.meta.url))
export const DIST = path.join(serverDir, 'dist')
const STAMP = path.join(DIST, '.sources')
const sourceDirs = [path.join(serverDir, 'src'), path.join(serverDir, '../contract/src')]

/** @param {string} dir @returns {string[]} */
function filesIn(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** What the compiled files were made from: every source file's name, size and time, and this file's. */
function sourcesStamp() {
  const hash = createHash('sha256')
  for (const file of [fileURLToPath(import.meta.url), ...sourceDirs.flatMap(filesIn)].sort()) {
    const stat = statSync(file)
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`)
  }
  return hash.digest('hex')
}

const readStamp = () => {
  try {
    return readFileSync(STAMP, 'utf8')
  } catch {
    return undefined
  }
}

/** @param {string} file @param {string | Uint8Array} contents */
function writeWhole(file, contents) {
  const aside = `${file}.${process.pid}.tmp`
  writeFileSync(aside, contents)
  renameSync(aside, file)
}

/** Compiles the server into `server/dist/` unless it is already compiled from the sources as they are. */
export async function compileServer() {
  const stamp = sourcesStamp()
  if (readStamp() === stamp && existsSync(path.join(DIST, 'main.js'))) return
  const { build } = await import('esbuild')
  const result = await build({
    // The threads' modules are entries of their own: a worker thread is started from its file.
    entryPoints: [
      path.join(serverDir, 'src/main.ts'),
      path.join(serverDir, 'src/db/pglite-thread.ts'),
      path.join(serverDir, 'src/modules/orders/documents/pdf-thread.ts'),
    ],
    outdir: DIST,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    keepNames: true,
    write: false,
    logLevel: 'error',
    plugins: [
      {
        // The workspace's own packages (the contract) are TypeScript: they are compiled in, not imported.
        name: 'workspace-packages',
        setup(compile) {
          compile.onResolve({ filter: /^@store\// }, (args) => ({
            path: fileURLToPath(import.meta.resolve(args.path)),
          }))
        },
      },
    ],
  })
  mkdirSync(DIST, { recursive: true })
  const written = new Set([STAMP])
  for (const output of result.outputFiles) {
    writeWhole(output.path, output.contents)
    written.add(output.path)
  }
  // Chunks of earlier compilations are named by their contents: those no longer made go.
  for (const file of filesIn(DIST))
    if (!written.has(file) && !file.endsWith('.tmp')) rmSync(file, { force: true })
  writeWhole(STAMP, stamp)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileServer()
