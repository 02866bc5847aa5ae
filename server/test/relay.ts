import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP relay to a server (PostgreSQL, Redis) that a test can take away and bring back: `down` is the host gone
 * (connections refused, open ones cut), `freeze` a host that stops answering without closing anything (open
 * connections and new ones are accepted, and nothing is forwarded either way until `thaw`).
 */
export class Relay {
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()
  private readonly pairs = new Set<[Socket, Socket]>()
  private frozen = false
  port = 0
  constructor(private readonly target: { host: string; port: number }) {}

  async up() {
    if (this.server?.listening) return
    this.server = createServer((inbound) => {
      const outbound = connect(this.target)
      const pair: [Socket, Socket] = [inbound, outbound]
      for (const s of pair) {
        this.sockets.add(s)
        s.on('close', () => {
          this.sockets.delete(s)
          this.pairs.delete(pair)
        })
        s.on('error', () => {})
      }
      this.pairs.add(pair)
      if (!this.frozen) this.forward(pair)
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(this.port, '127.0.0.1', resolve)
    })
    this.port = (this.server.address() as { port: number }).port
  }

  async down() {
    for (const s of this.sockets) s.destroy()
    await new Promise((resolve) => this.server?.close(resolve))
  }

  /** Stops forwarding: what either side sends waits in the relay's sockets, unanswered. */
  freeze() {
    this.frozen = true
    for (const [inbound, outbound] of this.pairs) {
      inbound.unpipe(outbound)
      outbound.unpipe(inbound)
      inbound.pause()
      outbound.pause()
    }
  }

  /** Forwards again, what waited first. */
  thaw() {
    this.frozen = false
    for (const pair of this.pairs) this.forward(pair)
  }

  private forward([inbound, outbound]: [Socket, Socket]) {
    inbound.pipe(outbound)
    outbound.pipe(inbound)
  }
}
