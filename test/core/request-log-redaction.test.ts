// The redaction matrix of the request log: Basic credentials are split where the server authenticated
// them (never at a guessed colon), and every body field that carries a credential (signatures, tokens,
// one-time codes, key material, bundles) is replaced in what is stored, with one case per field.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { API_BASE, type Core } from '../../core/index';
import { REDACTED, redactBody, redactJson } from '../../core/kernel/redact';
import type { ApiCallDetail } from '../../core/console/request-log';
import { newCore, removeTempDirs } from '../support/builders';
import { basicAuth } from '../support/api-client';

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});
afterAll(removeTempDirs);

function open(): Core {
  const core = newCore();
  cores.push(core);
  return core;
}

/** One call through the core's HTTP handler; returns the stored row as text and the entry the console reads. */
async function call(core: Core, method: string, path: string, authorization: string, body?: unknown) {
  const headers = new Headers({ authorization });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const res = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  await res.text();
  const row = core.services.ctx.db.prepare('SELECT * FROM request_log ORDER BY seq DESC LIMIT 1').get() as Record<string, unknown>;
  const detail = await core.invoke('requestLog/get', { id: row['id'] });
  if (!detail.ok) throw new Error(detail.error.message);
  return { status: res.status, entry: detail.value as ApiCallDetail, rawRow: JSON.stringify(row) };
}

describe('Basic credentials in the log', () => {
  it('keeps none of a client secret that contains colons', async () => {
    const core = open();
    const token = core.services.tokens.create('colons', ['VIEW'], { id: 'Token:colon-case', secret: 'left-part:middle-part:right-part' });
    const { status, entry, rawRow } = await call(core, 'GET', '/config', basicAuth(token.id, 'left-part:middle-part:right-part'));
    expect(status).toBe(200);
    expect(entry.principal).toBe('Token:colon-case');
    expect(entry.requestHeaders['authorization']).toBe(`Basic Token:colon-case:${REDACTED}`);
    for (const part of ['left-part', 'middle-part', 'right-part']) expect(rawRow).not.toContain(part);
  });

  it('keeps no part of a header whose id and secret were sent swapped, and names no principal', async () => {
    const core = open();
    const { clientId, clientSecret } = core.workspace.initialCredentials!;
    const { status, entry, rawRow } = await call(core, 'GET', '/config', basicAuth(clientSecret, clientId));
    expect(status).toBe(401);
    expect(entry.principal).toBeNull();
    expect(entry.requestHeaders['authorization']).toBe(`Basic ${REDACTED}`);
    expect(rawRow).not.toContain(clientSecret);
  });

  it('keeps no user part when the secret is wrong (nothing was accepted)', async () => {
    const core = open();
    const { clientId } = core.workspace.initialCredentials!;
    const { status, entry, rawRow } = await call(core, 'GET', '/config', basicAuth(clientId, 'a-wrong-secret-guess'));
    expect(status).toBe(401);
    expect(entry.requestHeaders['authorization']).toBe(`Basic ${REDACTED}`);
    expect(rawRow).not.toContain('a-wrong-secret-guess');
  });
});

describe('credential fields of real routes', () => {
  it('stores no PASSKEY assertion signature of a verify call', async () => {
    const core = open();
    const { clientId, clientSecret } = core.workspace.initialCredentials!;
    const body = { type: 'PASSKEY', assertion: { credentialId: 'cred-1', clientDataJson: 'e30', authenticatorData: 'AAAA', signature: 'assertion-signature-secret-1' } };
    const { entry, rawRow } = await call(core, 'POST', '/auth/credentials/AuthMethod:none/verify', basicAuth(clientId, clientSecret), body);
    expect(JSON.parse(entry.requestBody!)).toMatchObject({ type: 'PASSKEY', assertion: { credentialId: 'cred-1', signature: REDACTED } });
    expect(rawRow).not.toContain('assertion-signature-secret-1');
  });

  it.each([
    ['create', '/auth/credentials', { type: 'OAUTH', accountId: 'InternalAccount:none', oidcToken: 'header.oidc-create-secret.sig' }],
    ['verify', '/auth/credentials/AuthMethod:none/verify', { type: 'OAUTH', oidcToken: 'header.oidc-verify-secret.sig', clientPublicKey: '04ab' }],
  ])('stores no oidcToken of a credential %s call', async (_, path, body) => {
    const core = open();
    const { clientId, clientSecret } = core.workspace.initialCredentials!;
    const { entry, rawRow } = await call(core, 'POST', path, basicAuth(clientId, clientSecret), body);
    expect(JSON.parse(entry.requestBody!)).toMatchObject({ oidcToken: REDACTED });
    expect(rawRow).not.toMatch(/oidc-(create|verify)-secret/);
  });

  it('stores no device code in the path of a redemption', async () => {
    const core = open();
    const { entry } = await call(core, 'POST', '/agents/device-codes/WXYZ-9876/redeem', 'Bearer none');
    expect(entry.path).toBe(`${API_BASE}/agents/device-codes/${REDACTED}/redeem`);
    const row = core.services.ctx.db.prepare('SELECT path, resource_ids FROM request_log ORDER BY seq DESC LIMIT 1').get() as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain('WXYZ-9876');
  });

  it('stores no value of a header whose name reads as a secret (X-Api-Key, X-Auth-Token), and keeps the Idempotency-Key', async () => {
    const core = open();
    const headers = new Headers({ authorization: 'Bearer none', 'x-api-key': 'apikey-0123456789', 'x-auth-token': 'authtoken-0123456789', 'idempotency-key': 'key-kept-7' });
    await (await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}/customers`, { headers }))).text();
    const row = JSON.stringify(core.services.ctx.db.prepare('SELECT * FROM request_log ORDER BY seq DESC LIMIT 1').get());
    expect(row).not.toContain('apikey-0123456789');
    expect(row).not.toContain('authtoken-0123456789');
    expect(row).toContain('key-kept-7');
  });

  it('keeps the error code of an answer (a code in a response is not a secret)', async () => {
    const core = open();
    const { entry } = await call(core, 'GET', '/config', basicAuth('Token:nobody', 'nothing'));
    expect(JSON.parse(entry.responseBody!)).toMatchObject({ status: 401, code: expect.any(String) });
    expect(entry.errorCode).toBe(JSON.parse(entry.responseBody!).code);
  });
});

describe('every credential-carrying field name', () => {
  const fields: [string, 'request' | 'response'][] = [
    ['signature', 'request'], ['oidcToken', 'request'], ['accessToken', 'response'], ['refreshToken', 'response'], ['idToken', 'request'],
    ['code', 'request'], ['otpCode', 'request'], ['otp_code', 'request'], ['deviceCode', 'response'], ['userCode', 'response'], ['verificationCode', 'request'],
    ['privateKey', 'request'], ['sessionSigningKey', 'response'], ['encryptedSessionSigningKey', 'response'], ['apiKey', 'request'], ['signingKey', 'response'],
    ['otpEncryptionTargetBundle', 'response'], ['encryptedOtpBundle', 'request'], ['exportBundle', 'response'], ['mnemonic', 'response'],
    ['clientSecret', 'response'], ['webhookSecret', 'response'], ['password', 'request'], ['cardNumber', 'request'], ['cvv', 'request'], ['pin', 'request'],
  ];
  it.each(fields)('replaces %s in a %s body, at any depth', (field, side) => {
    const secret = `value-of-${field}-42`;
    const stored = redactBody(JSON.stringify({ outer: { list: [{ [field]: secret, kept: 'visible' }] } }), undefined, side)!;
    expect(stored).not.toContain(secret);
    expect(JSON.parse(stored)).toEqual({ outer: { list: [{ [field]: REDACTED, kept: 'visible' }] } });
  });

  it.each(['clientPublicKey', 'countryCode', 'currencyCode', 'postalCode', 'payloadToSign', 'credentialId', 'authenticatorData'])('keeps %s, which carries no secret', (field) => {
    const stored = redactBody(JSON.stringify({ [field]: 'plain-value' }), undefined, 'request')!;
    expect(JSON.parse(stored)).toEqual({ [field]: 'plain-value' });
  });
});

describe('the fast path that keeps a body without secret keys as sent', () => {
  it('keeps a money body verbatim (its currency `code` keys are no secret in an answer), spacing included', () => {
    const raw = '{"id":"Quote:1", "sendingCurrency": {"code":"USD","decimals":2}, "description":"say \\"token\\": hi"}';
    expect(redactBody(raw)).toBe(raw);
  });

  it('still redacts a secret key written with a JSON escape, which the raw text hides', () => {
    const stored = redactBody('{"tok\\u0065n":"s3cret","n":1}', undefined, 'request')!;
    expect(stored).not.toContain('s3cret');
    expect(JSON.parse(stored)).toEqual({ token: REDACTED, n: 1 });
  });

  it('still redacts a secret key after string values full of quotes, colons and backslashes', () => {
    const stored = redactBody(JSON.stringify({ note: 'a "b": c \\ d', nested: [{ x: '":"' }, { clientSecret: 'xyz-secret' }] }), undefined, 'response')!;
    expect(stored).not.toContain('xyz-secret');
    expect(JSON.parse(stored).nested[1]).toEqual({ clientSecret: REDACTED });
  });
});

describe('the quick check that skips the key-by-key scan', () => {
  // Key names near every secret term: the terms themselves in any case, with prefixes and suffixes that do
  // and do not keep them secret, and plain names; values may repeat the terms without making anything secret.
  const terms = ['secret', 'password', 'otp', 'encrypted', 'mnemonic', 'privateKey', 'signing_key', 'apiKey', 'token', 'signature', 'bundle',
    'deviceCode', 'user_code', 'verificationCode', 'code', 'cardNumber', 'cvv', 'cvc', 'pin', 'issuerTransactionToken', 'currencyCode', 'pinned', 'keys'];
  const key = fc.oneof(
    fc.constantFrom(...terms),
    fc.tuple(fc.constantFrom('', 'x', 'my_', 'Outer'), fc.constantFrom(...terms), fc.constantFrom('', 's', 'Id', '_2')).map(([a, t, b]) => a + t + b),
    fc.constantFrom(...terms).map((t) => t.toUpperCase()),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constantFrom(...terms), fc.constant(null));
  const body = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, value, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
  })).node;

  it('stores exactly what the full key-by-key redaction stores, for either side', () => {
    fc.assert(fc.property(body, fc.constantFrom('request' as const, 'response' as const), (b, side) => {
      const raw = JSON.stringify(b);
      expect(redactBody(raw, undefined, side)).toBe(JSON.stringify(redactJson(JSON.parse(raw), side)));
    }), { numRuns: 3000 });
  });
});
