/** How the bulk generator reports: a phase starts, rows are done, the phase ends; `note` is a one-off line. */
export interface Progress {
  start(phase: string, total: number): void
  advance(rows: number): void
  end(): void
  note(message: string): void
}

export const silentProgress: Progress = { start() {}, advance() {}, end() {}, note() {} }

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * A progress bar on stderr: redrawn in place on a terminal, one line per tenth when stderr is a file or a pipe
 * (so logs stay readable). Reports rows per second over the phase.
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): Progress {
  let phase = ''
  let total = 0
  let done = 0
  let started = 0
  let lastTenth = -1
  const tty = Boolean(stream.isTTY)

  const line = () => {
    const seconds = (performance.now() - started) / 1000
    const share = total > 0 ? Math.min(1, done / total) : 1
    const width = 28
    const filled = Math.round(share * width)
    const rate = seconds > 0 ? done / seconds : 0
    return (
      `${phase.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
      `${String(Math.floor(share * 100)).padStart(3)}%  ${fmt.format(done)}/${fmt.format(total)}  ` +
      `${fmt.format(rate)} rows/s  ${seconds.toFixed(1)} s`
    )
  }
  const draw = (final: boolean) => {
    if (tty) stream.write(`\r${line()}\u001b[K${final ? '\n' : ''}`)
    else {
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10
      if (final || tenth > lastTenth) stream.write(`${line()}\n`)
      lastTenth = tenth
    }
  }

  return {
    start(name, rows) {
      phase = name
      total = rows
      done = 0
      lastTenth = -1
      started = performance.now()
      if (tty) draw(false)
    },
    advance(rows) {
      done += rows
      if (tty || done < total) draw(false)
    },
    end() {
      draw(true)
    },
    note(message) {
      stream.write(`${message}\n`)
    },
  }
}
