import { Secret, TOTP } from 'otpauth';

/** RFC 6238 parameters every authenticator app understands: SHA-1, 6 digits, 30 s steps. */
const PERIOD_S = 30;
/** One step either side is accepted, for the drift between the phone's clock and the workspace clock. */
const WINDOW = 1;
const ISSUER = 'Payments sandbox';

function totpOf(base32: string, label = 'customer'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(base32) });
}

/** A new random TOTP secret (160 bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans (its QR code) for a secret. */
export function totpUri(base32: string, label: string): string {
  return totpOf(base32, label).toString();
}

/** Whether a string is a valid base32 secret. */
export function isBase32Secret(s: string): boolean {
  try {
    return Secret.fromBase32(s).bytes.length >= 10;
  } catch {
    return false;
  }
}

/**
 * The RFC 6238 time step a code belongs to at `nowMs` (within the window), or undefined when the
 * code is wrong. Callers keep the last accepted step so that a code is good only once.
 */
export function totpStep(base32: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(base32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? undefined : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}
