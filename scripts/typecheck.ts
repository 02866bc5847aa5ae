/**
 * Type-checks the three TypeScript projects (server with contract, bench and scripts; the web app; the browser
 * tests) side by side: each `tsc` uses one core, so on two cores the three take the time of the longest instead
 * of their sum. Exits with the first failing check's code, after all of them have printed.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const projects = ['.', 'web', 'e2e']

const codes = await Promise.all(
  projects.map(
    (project) =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [tsc, '-p', project], { stdio: 'inherit' })
        child.on('close', (code) => resolve(code ?? 1))
      }),
  ),
)
const failed = codes.find((code) => code !== 0)
if (failed !== undefined) process.exit(failed)
