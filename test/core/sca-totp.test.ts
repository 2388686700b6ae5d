// The SCA area's TOTP check against RFC 6238's own test vectors (Appendix B, SHA-1 key
// "12345678901234567890"; the 6-digit codes are the last six of the RFC's 8-digit ones).
import { describe, expect, it } from 'vitest';
import { isBase32Secret, newTotpSecret, totpStep, totpUri } from '../../core/sca/totp';

const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the ASCII "12345678901234567890"
const VECTORS: [number, string][] = [[59, '287082'], [1_111_111_109, '081804'], [1_111_111_111, '050471'], [1_234_567_890, '005924'], [2_000_000_000, '279037']];

describe('TOTP (RFC 6238)', () => {
  it('accepts the RFC test vectors at their instants, and names the 30 s step each belongs to', () => {
    for (const [t, code] of VECTORS) expect(totpStep(RFC_KEY, code, t * 1000), `T=${t}`).toBe(Math.floor(t / 30));
  });

  it('accepts one step of drift either side and no more', () => {
    const [t, code] = VECTORS[3]!;
    expect(totpStep(RFC_KEY, code, (t + 30) * 1000)).toBe(Math.floor(t / 30));
    expect(totpStep(RFC_KEY, code, (t - 30) * 1000)).toBe(Math.floor(t / 30));
    expect(totpStep(RFC_KEY, code, (t + 90) * 1000)).toBeUndefined();
  });

  it('refuses other codes and malformed ones', () => {
    expect(totpStep(RFC_KEY, '287083', 59_000)).toBeUndefined();
    expect(totpStep(RFC_KEY, '28708', 59_000)).toBeUndefined();
    expect(totpStep(RFC_KEY, 'abcdef', 59_000)).toBeUndefined();
  });

  it('makes 160-bit base32 secrets and an otpauth URI an authenticator app reads', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(isBase32Secret(s)).toBe(true);
    expect(isBase32Secret('not base32!')).toBe(false);
    const uri = new URL(totpUri(s, 'alice@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: s, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
