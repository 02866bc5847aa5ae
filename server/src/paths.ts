import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Where the server's files are, for the code that reads them by path (migrations, fonts, the web app's build,
// the caches `npm install` fills). Every such path is made here rather than from each module's own location:
// `npm start` runs the server compiled into `server/dist/` (`server/compile.js`), a few files that each hold many
// modules, while tests and `npm run dev` run `server/src/` as it is. This module is one folder below `server/`
// either way, so the paths below are the same in both.

/** The server's package (`server/`). */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))

/** The repository's root, which holds `node_modules` and the web app. */
export const ROOT_DIR = path.dirname(SERVER_DIR)

/** Whether this is the compiled server (`npm start`) rather than its TypeScript run through tsx. */
export const COMPILED = import.meta.url.endsWith('.js')
