import jsQRModule from 'jsqr'

// Reading a VietQR payload back, independently of the library that writes it: the EMVCo fields (id, two-digit
// length, value) and the CRC-16/CCITT-FALSE checksum the last field carries.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), bit by bit, as EMVCo's QR specification computes it. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** The fields of an EMVCo payload (or of a template inside one), by id; throws on a malformed one. */
export function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at < payload.length) {
    const id = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    if (
      !/^\d{2}$/.test(id) ||
      !/^\d{2}$/.test(payload.slice(at + 2, at + 4)) ||
      at + 4 + length > payload.length
    )
      throw new Error(`malformed EMVCo field at ${at}: ${payload.slice(at)}`)
    fields.set(id, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

/** What a banking app takes from a VietQR payload, with whether its checksum is right. */
export function readVietQr(payload: string) {
  const top = emvFields(payload)
  const account = emvFields(top.get('38') ?? '')
  const beneficiary = emvFields(account.get('01') ?? '')
  const extra = emvFields(top.get('62') ?? '')
  return {
    version: top.get('00'),
    method: top.get('01'),
    guid: account.get('00'),
    service: account.get('02'),
    bankBin: beneficiary.get('00'),
    bankAccount: beneficiary.get('01'),
    currency: top.get('53'),
    amount: top.get('54'),
    country: top.get('58'),
    purpose: extra.get('08'),
    crc: top.get('63'),
    crcRight: payload.endsWith(`6304${top.get('63')}`) && top.get('63') === crc16(payload.slice(0, -4)),
  }
}

// jsqr is CommonJS whose types declare an ES default export; its function is `default` either way.
const jsQR = jsQRModule.default

/** The text of a QR code found in RGBA pixels, as a phone's camera reads it; undefined when there is none. */
export const readQr = (pixels: Uint8ClampedArray, width: number, height: number): string | undefined =>
  jsQR(pixels, width, height)?.data
