import { describe, expect, it } from 'vitest'
import { DecodeQueue, QueueFullError } from '../../src/modules/files/queue.ts'

/** A task that runs until the test lets it end, recording how many ran at once. */
function gatedTasks() {
  let running = 0
  let most = 0
  const started: number[] = []
  const finish = new Map<number, () => void>()
  const task = (id: number) => async () => {
    running++
    most = Math.max(most, running)
    started.push(id)
    await new Promise<void>((resolve) => finish.set(id, resolve))
    running--
    return id
  }
  return { task, started, finish, most: () => most }
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('DecodeQueue', () => {
  it('runs at most `lanes` tasks at once, the others in the order they came', async () => {
    const queue = new DecodeQueue(2, 10)
    const { task, started, finish, most } = gatedTasks()
    const results = [1, 2, 3, 4, 5].map((id) => queue.run(task(id)))
    await settle()
    expect(started).toEqual([1, 2])
    expect(queue.load).toEqual({ running: 2, waiting: 3 })
    finish.get(2)!()
    await settle()
    expect(started).toEqual([1, 2, 3])
    finish.get(1)!()
    finish.get(3)!()
    await settle()
    expect(started).toEqual([1, 2, 3, 4, 5])
    finish.get(4)!()
    finish.get(5)!()
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5])
    expect(most()).toBe(2)
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once, with a time to come back, when the line is full', async () => {
    const queue = new DecodeQueue(1, 1)
    const { task, finish } = gatedTasks()
    const first = queue.run(task(1))
    const second = queue.run(task(2))
    await settle()
    const refused = await queue.run(task(3)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(QueueFullError)
    expect((refused as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1)
    expect(queue.load).toEqual({ running: 1, waiting: 1 })
    finish.get(1)!()
    await settle()
    finish.get(2)!()
    expect(await Promise.all([first, second])).toEqual([1, 2])
  })

  it('with no line, refuses whatever finds every lane busy', async () => {
    const queue = new DecodeQueue(1, 0)
    const release = await queue.acquire()
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFullError)
    release()
    const again = await queue.acquire()
    again()
  })

  it('frees the lane when a task fails, and counts a release only once', async () => {
    const queue = new DecodeQueue(1, 0)
    await expect(
      queue.run(async () => {
        throw new Error('broken image')
      }),
    ).rejects.toThrow('broken image')
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
    const release = await queue.acquire()
    release()
    release()
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
    const a = await queue.acquire()
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFullError)
    a()
  })
})
