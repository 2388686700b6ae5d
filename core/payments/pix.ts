/**
 * A PIX "copia e cola" payload (EMV® QR Code Merchant Presented Mode, BR Code) with its CRC16-CCITT
 * checksum, so banking apps accept the string and the console can render it as a QR image.
 */
function field(id: string, value: string): string {
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Builds a PIX payload for `amountMinor` centavos to `pixKey`, carrying `txid` as the reference. Without
 * an amount the payer chooses it (a static code, as used to top up an account).
 */
export function pixPayload(pixKey: string, amountMinor: number | undefined, merchantName: string, city: string, txid: string): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', pixKey);
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (amountMinor === undefined ? '' : field('54', (amountMinor / 100).toFixed(2))) +
    field('58', 'BR') +
    field('59', merchantName.slice(0, 25)) +
    field('60', city.slice(0, 15)) +
    field('62', field('05', txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25)));
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16(withCrcHeader);
}

/** Verifies a payload's trailing CRC (used by tests and the console's QR view). */
export function pixChecksumValid(payload: string): boolean {
  return payload.length > 8 && crc16(payload.slice(0, -4)) === payload.slice(-4);
}
