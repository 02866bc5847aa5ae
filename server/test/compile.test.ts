import { execFile } from 'node:child_process'
import { readFileSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { serverDir } from './server-process.ts'

// `npm start` runs the server compiled by compile.js (the other tests of this project start it that way). A start
// after an edit must run the edit: the compiled files are made again whenever a source file changed.

const compile = () => promisify(execFile)(process.execPath, ['compile.js'], { cwd: serverDir })
const dist = (file: string) => path.join(serverDir, 'dist', file)

describe('the compiled server', () => {
  it('is compiled again when a source file changed, and only then', async () => {
    await compile()
    const stamp = readFileSync(dist('.sources'), 'utf8')
    const compiledAt = statSync(dist('main.js')).mtimeMs

    await compile()
    expect(statSync(dist('main.js')).mtimeMs).toBe(compiledAt)

    // The same contents, saved again: an editor's save changes the time, which is what is compared.
    const source = path.join(serverDir, 'src/paths.ts')
    const { atime, mtime } = statSync(source)
    utimesSync(source, atime, new Date(Math.max(Date.now(), mtime.getTime() + 1_000)))
    await compile()
    expect(readFileSync(dist('.sources'), 'utf8')).not.toBe(stamp)
    expect(statSync(dist('main.js')).mtimeMs).toBeGreaterThan(compiledAt)
    expect(readFileSync(dist('main.js'), 'utf8')).toContain('//# sourceMappingURL=main.js.map')
  })
})
