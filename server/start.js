// @ts-check
import cluster from 'node:cluster'
import { compileServer } from './compile.js'

// `npm start`: compiles the server when its source changed (compile.js), then runs it. A worker process of
// WEB_CONCURRENCY runs what the process that started it compiled.
if (!cluster.isWorker) {
  try {
    await compileServer()
  } catch (error) {
    console.error(
      'Start-up failed: the server does not compile:',
      error instanceof Error ? error.message : error,
    )
    process.exit(1)
  }
}
// Stack traces name the TypeScript source's files and lines, not the compiled ones.
process.setSourceMapsEnabled(true)
await import('./dist/main.js')
