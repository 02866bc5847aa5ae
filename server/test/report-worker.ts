import { parentPort, workerData } from 'node:worker_threads'
import { startApp } from './helpers.ts'

// Report calls on an app of their own, in a worker thread the test can stop: a call that never ends, or that
// eats the memory, must fail its test rather than hold the test file's thread. Answers go back one by one.
const { urls, now } = workerData as { urls: string[]; now: string }
const t = await startApp({ now: () => new Date(now) })
parentPort!.postMessage({ ready: true })
for (const url of urls) {
  const answer = await t.call('GET', url)
  parentPort!.postMessage({ url, statusCode: answer.statusCode, body: answer.body })
}
await t.close()
