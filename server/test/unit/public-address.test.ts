import { describe, expect, it } from 'vitest'
import { addressKind, mayConnectTo } from '../../src/lib/public-address.ts'

// Which addresses the import may fetch images from (CONTRACT 5.4): public unicast only, the loopback when the
// tests' setting allows it, never a private, link-local or reserved one, however the address is written.

describe('addressKind', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '203.0.114.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(addressKind(address)).toBe('public')
  })

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '127.1.2.3',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('%s is the loopback', (address) => {
    expect(addressKind(address)).toBe('loopback')
  })

  it.each([
    // IPv4: this network, private, CGNAT, link-local and the metadata service, reserved, multicast, broadcast.
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: unspecified, unique-local, link-local (with a zone too), site-local, multicast, documentation.
    '::',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    'ff05::1:3',
    '2001:db8::1',
    '3fff::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // IPv4 inside IPv6: mapped, NAT64 and 6to4 of private addresses, and the old IPv4-compatible form.
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::ffff:169.254.169.254',
    '::ffff:192.168.0.1',
    '::ffff:0.0.0.0',
    '::ffff:100.64.0.1',
    '0:0:0:0:0:ffff:ac10:1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::808:808',
    '2002:a00:1::1',
    '2002:7f00:1::1',
    '::8.8.8.8',
    '::127.0.0.1',
    // Not an address at all: a name is never judged by its text.
    'localhost',
    'example.com',
    '',
    '1.2.3',
    '256.1.1.1',
  ])('%s is refused', (address) => {
    expect(addressKind(address)).toBe('refused')
  })
})

describe('mayConnectTo', () => {
  it('allows the loopback only when asked to, and never a private address', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(mayConnectTo(address, { allowLoopback: false })).toBe(false)
      expect(mayConnectTo(address, { allowLoopback: true })).toBe(true)
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '192.168.0.1', 'fd00::1', 'fe80::1', '0.0.0.0']) {
      expect(mayConnectTo(address, { allowLoopback: true })).toBe(false)
    }
    expect(mayConnectTo('8.8.8.8', { allowLoopback: false })).toBe(true)
    expect(mayConnectTo('2606:4700:4700::1111', { allowLoopback: false })).toBe(true)
  })
})
