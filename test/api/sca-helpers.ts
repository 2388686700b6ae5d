// Shared steps of the SCA suites: a real authenticator app (otpauth, RFC 6238) fed the enrolment's
// secret, and the workspace clock as the only source of time.
import { Secret, TOTP } from 'otpauth';
import { advance, enc, type World } from '../support/money-path';
import { type ApiResult } from '../support/api-client';

/** The sandbox's fixed SCA code (README: sandbox conventions). */
export const SANDBOX_CODE = '123456';

/** The workspace clock, in ms. */
export async function nowMs(w: World): Promise<number> {
  const r = await w.api.get('/sandbox/clock');
  if (r.status !== 200) throw new Error(`read clock: ${r.text}`);
  return Date.parse(r.body.now);
}

/** What an authenticator app shows for a base32 secret at a given instant. */
export function totpAt(secret: string, ms: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });
}

/** The app's code now (workspace clock). */
export async function totpNow(w: World, secret: string): Promise<string> {
  return totpAt(secret, await nowMs(w));
}

/** A fresh code: moves the clock to the next 30 s step first (a code already accepted is refused). */
export async function nextTotp(w: World, secret: string): Promise<string> {
  await advance(w, 30);
  return totpNow(w, secret);
}

/** A 6-digit code that is neither the sandbox code nor valid for the secret around `ms`. */
export function wrongTotp(secret: string, ms: number): string {
  const valid = new Set([-1, 0, 1].map((d) => totpAt(secret, ms + d * 30_000)));
  for (let n = 100_000; ; n++) if (!valid.has(String(n)) && String(n) !== SANDBOX_CODE) return String(n);
}

/** `/sca/...?customerId=` for a customer. */
export function scaPath(path: string, customerId: string): string {
  return `/sca${path}?customerId=${enc(customerId)}`;
}

/** Enrols and confirms a TOTP app for a customer; returns the secret and recovery codes. */
export async function enrolTotp(w: World, customerId: string): Promise<{ secret: string; recoveryCodes: string[]; credentialId: string }> {
  const start = expectOk(await w.api.post(scaPath('/factors', customerId), { type: 'TOTP' }), 200);
  const secret = start.body.secretBase32Encoded as string;
  const confirm = expectOk(await w.api.post(scaPath('/factors/confirm', customerId), { type: 'TOTP', secret: start.body.secret, code: await totpNow(w, secret) }), 200);
  const list = expectOk(await w.api.get(scaPath('/factors', customerId)), 200);
  const factor = (list.body.factors as { factor: string; credentialId: string }[]).find((f) => f.factor === 'TOTP')!;
  return { secret, recoveryCodes: confirm.body.recoveryCodes, credentialId: factor.credentialId };
}

/** Asserts a status and returns the reply. */
export function expectOk(r: ApiResult, status: number): ApiResult {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status} ${r.text}`);
  return r;
}
