import { isIPv4, isIPv6 } from 'node:net'

/**
 * Which IP addresses the server may connect to on a client's behalf (CONTRACT 5.4: images an import names by
 * address). A fetch to the loopback, a private network or a link-local address would let a client reach what
 * only the server can: its own ports, the machines beside it, the cloud's metadata service at 169.254.169.254.
 * So only public unicast addresses pass, judged on the resolved address, never on the host's name.
 */

/** `public`: may be fetched; `loopback`: this machine (a test setting may allow it); `refused`: anything else. */
export type AddressKind = 'public' | 'loopback' | 'refused'

/** An IPv4 range as its first address and prefix length. */
type Range4 = readonly [string, number]

/**
 * IPv4 ranges that are not public (IANA's special-purpose registry, RFC 6890 and its updates), loopback aside.
 * Broadcast (255.255.255.255) is inside 240.0.0.0/4.
 */
const NOT_PUBLIC_4: readonly Range4[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, the cloud metadata service among them
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays, withdrawn
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
]
const LOOPBACK_4: Range4 = ['127.0.0.0', 8]

/** The 32 bits of a dotted IPv4 address, as an unsigned number. */
function bitsOf4(address: string): number {
  return address.split('.').reduce((bits, part) => bits * 256 + Number(part), 0)
}

const inRange4 = (bits: number, [first, length]: Range4) =>
  length === 0 || Math.floor(bits / 2 ** (32 - length)) === Math.floor(bitsOf4(first) / 2 ** (32 - length))

function kindOf4(bits: number): AddressKind {
  if (inRange4(bits, LOOPBACK_4)) return 'loopback'
  return NOT_PUBLIC_4.some((range) => inRange4(bits, range)) ? 'refused' : 'public'
}

/** The 16 bytes of an IPv6 address (`::` expanded, a dotted IPv4 tail read, a zone `%eth0` dropped). */
function bytesOf6(address: string): Uint8Array {
  let text = address.replace(/%.*$/, '')
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    // `::ffff:1.2.3.4`: the last 32 bits written as IPv4, rewritten as two groups of hex.
    const bits = bitsOf4(tail[1]!)
    text = `${text.slice(0, tail.index)}${(bits >>> 16).toString(16)}:${(bits & 0xffff).toString(16)}`
  }
  const [head = '', rest] = text.split('::')
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'))
  const before = groupsOf(head)
  const after = rest === undefined ? [] : groupsOf(rest)
  const groups = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after]
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16)
    bytes[2 * i] = value >> 8
    bytes[2 * i + 1] = value & 0xff
  })
  return bytes
}

/** Whether the first `length` bits of `bytes` are those of `prefix` (given as bytes, zero-filled). */
function startsWith(bytes: Uint8Array, prefix: readonly number[], length: number): boolean {
  for (let bit = 0; bit < length; bit++) {
    const mask = 0x80 >> (bit % 8)
    if ((bytes[bit >> 3]! & mask) !== ((prefix[bit >> 3] ?? 0) & mask)) return false
  }
  return true
}

/** The IPv4 address held in 4 bytes of `bytes` from `at`, as bits. */
const embedded4 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0

function kindOf6(bytes: Uint8Array): AddressKind {
  // ::1, and :: itself (a connection to it reaches this machine too).
  if (startsWith(bytes, [], 127)) return bytes[15] === 1 ? 'loopback' : 'refused'
  // IPv4-mapped (::ffff:0:0/96): the IPv4 address it carries is the one reached.
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) return kindOf4(embedded4(bytes, 12))
  // NAT64's well-known prefix (64:ff9b::/96) reaches the IPv4 address it carries; a network's own NAT64
  // prefix (64:ff9b:1::/48) is local and refused with everything else outside 2000::/3.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) {
    return kindOf4(embedded4(bytes, 12)) === 'public' ? 'public' : 'refused'
  }
  // Only global unicast (2000::/3) is public: this leaves out unique-local fc00::/7, link-local fe80::/10,
  // the old site-local fec0::/10, multicast ff00::/8 and the IPv4-compatible ::/96.
  if (!startsWith(bytes, [0x20], 3)) return 'refused'
  // 6to4 (2002::/16) reaches the IPv4 address in its next 32 bits.
  if (startsWith(bytes, [0x20, 0x02], 16)) {
    return kindOf4(embedded4(bytes, 2)) === 'public' ? 'public' : 'refused'
  }
  // IETF protocol assignments, Teredo among them (2001::/23), and the documentation ranges.
  if (startsWith(bytes, [0x20, 0x01, 0x00], 23)) return 'refused'
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'refused'
  if (startsWith(bytes, [0x3f, 0xff], 20)) return 'refused'
  return 'public'
}

/** What `address` (an IPv4 or IPv6 address as text) is; anything that is not an IP address is refused. */
export function addressKind(address: string): AddressKind {
  if (isIPv4(address)) return kindOf4(bitsOf4(address))
  if (isIPv6(address)) return kindOf6(bytesOf6(address))
  return 'refused'
}

/** Whether the server may connect to `address`: a public one, or the loopback when `allowLoopback` says so. */
export function mayConnectTo(address: string, options: { allowLoopback: boolean }): boolean {
  const kind = addressKind(address)
  return kind === 'public' || (kind === 'loopback' && options.allowLoopback)
}
