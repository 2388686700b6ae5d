// The renderer's API client is typed from the routes' one declaration: a call names the route as the
// spec writes it, and its parameters, body and answer follow. The `@ts-expect-error` lines below are
// checked by `npm run typecheck` (vue-tsc): if a wrong call stopped being a type error, it would fail.
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { api, requestOf, setBridge } from '../../renderer/api/client';
import type { PlatformConfig } from '../../core/platform/schema';
import type { CreatedApiToken } from '../../core/tokens/schema';
import { fakeBridge } from './fake-bridge';

afterEach(() => setBridge(null));

/** Never called: it only has to compile (or, where marked, fail to). */
async function typeChecks(): Promise<void> {
  expectTypeOf(await api('GET /config')).toEqualTypeOf<PlatformConfig>();
  expectTypeOf(await api('POST /tokens', { body: { name: 'CI', permissions: ['VIEW'] } })).toEqualTypeOf<CreatedApiToken>();
  expectTypeOf(await api('DELETE /tokens/{tokenId}', { params: { tokenId: 'ApiToken:1' } })).toEqualTypeOf<undefined>();
  // @ts-expect-error: a body field of the wrong type
  await api('POST /tokens', { body: { name: 42 } });
  // @ts-expect-error: a permission the route does not know
  await api('POST /tokens', { body: { name: 'CI', permissions: ['ADMIN'] } });
  // @ts-expect-error: the route needs a body
  await api('POST /tokens');
  // @ts-expect-error: a route that does not exist
  await api('POST /token', { body: { name: 'CI' } });
  // @ts-expect-error: the path parameter is missing
  await api('GET /tokens/{tokenId}');
  // @ts-expect-error: a path parameter of another route
  await api('GET /tokens/{tokenId}', { params: { quoteId: 'Quote:1' } });
  // @ts-expect-error: the answer has no field of that name
  (await api('GET /config')).webhookUrl;
}

describe('the typed API client', () => {
  it('compiles only calls that match the declared routes', () => {
    expect(typeof typeChecks).toBe('function');
  });

  it('fills and percent-encodes path parameters and keeps query, body and headers', () => {
    expect(requestOf('GET /tokens/{tokenId}', { params: { tokenId: 'ApiToken:a/b' }, query: { limit: 5 } })).toEqual({
      method: 'GET', path: '/tokens/ApiToken%3Aa%2Fb', query: { limit: 5 },
    });
    expect(requestOf('POST /tokens', { body: { name: 'CI' }, headers: { 'Idempotency-Key': 'k1' } })).toEqual({
      method: 'POST', path: '/tokens', body: { name: 'CI' }, headers: { 'Idempotency-Key': 'k1' },
    });
  });

  it('refuses a call whose path parameter is missing, before anything is sent', () => {
    expect(() => requestOf('GET /tokens/{tokenId}', { params: {} })).toThrow(/needs the path parameter tokenId/);
  });

  it('sends the request the route declares through the bridge and returns the body', async () => {
    const fake = fakeBridge({}, () => ({ status: 200, headers: {}, body: { id: 'ApiToken:1', name: 'CI' } }));
    setBridge(fake.bridge);
    await expect(api('GET /tokens/{tokenId}', { params: { tokenId: 'ApiToken:1' } })).resolves.toMatchObject({ name: 'CI' });
    expect(fake.apiCalls).toEqual([{ method: 'GET', path: '/tokens/ApiToken%3A1' }]);
  });
});
