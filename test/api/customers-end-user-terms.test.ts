// GET /customers/end-user-terms: upstream's EndUserTerms shape, reached before /customers/{customerId}
// (which would take `end-user-terms` for an id), and the page its url points at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, type World } from '../support/money-path';
import { UpstreamContract } from '../contract/upstream';
import { expectError } from '../support/assertions';

const upstream = new UpstreamContract();
let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w.close();
});

describe('GET /customers/end-user-terms', () => {
  it("answers the current version and a url on this server, in upstream's shape, rather than a 404 for a customer id", async () => {
    const r = await w.api.get('/customers/end-user-terms');
    expect(r.status, r.text).toBe(200);
    expect(upstream.errors('getEndUserTerms', 200, r.body)).toEqual([]);
    expect(r.body).toEqual({ version: 'V1', url: `${w.api.base}/end-user-terms/V1` });
    // The parameter route still answers for real ids and unknown ones.
    expect((await w.api.get(`/customers/${encodeURIComponent(w.seed.alice.id)}`)).body.id).toBe(w.seed.alice.id);
    expectError(await w.api.get('/customers/Customer:nope'), 404, 'USER_NOT_FOUND');
  });

  it('needs credentials (401), while the terms page it points at is public; an unknown version is a 404', async () => {
    expectError(await w.api.as('').get('/customers/end-user-terms'), 401, 'UNAUTHORIZED');
    const page = await fetch(`${w.api.base}/end-user-terms/V1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('End-user terms, version V1');
    expect((await fetch(`${w.api.base}/end-user-terms/V9`)).status).toBe(404);
  });
});
