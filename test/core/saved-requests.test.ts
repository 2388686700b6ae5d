import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult, Core } from '../../core/index';
import { readFileSync } from 'node:fs';
import { newCore, reopenCore, removeTempDirs } from '../support/builders';
import { workspaceSecrets } from '../support/workspace-secrets';

let core: Core;
beforeEach(() => {
  core = newCore();
});
afterEach(() => core.close());
afterAll(removeTempDirs);

async function ok<T = any>(name: string, input: unknown): Promise<T> {
  const r: BridgeResult<unknown> = await core.invoke(name, input);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

const quote = { name: 'Quote Alice to Lucía', method: 'POST', path: '/quotes', query: [], headers: [{ name: 'Idempotency-Key', value: 'k-1' }], body: '{"lockedCurrencySide":"SENDING"}' };

describe('saved requests and collections', () => {
  it('a saved request is kept in the workspace file and reads back as it was typed', async () => {
    const { leftOut, ...saved } = await ok('composer/save', quote);
    expect(saved).toMatchObject({ ...quote, collectionId: null });
    expect(leftOut).toEqual([]);
    core.close();
    core = reopenCore(core);
    expect(await ok('composer/get', { id: saved.id })).toEqual(saved);
  });

  it('saving with an id replaces that request; rename and delete act on it alone', async () => {
    const a = await ok('composer/save', quote);
    const b = await ok('composer/save', { ...quote, name: 'Other' });
    await ok('composer/save', { ...quote, id: a.id, path: '/quotes/Quote:1/execute', body: null });
    expect(await ok('composer/get', { id: a.id })).toMatchObject({ path: '/quotes/Quote:1/execute', body: null });
    expect((await ok('composer/rename', { id: b.id, name: '  Renamed  ' })).name).toBe('Renamed');
    await ok('composer/delete', { id: a.id });
    const gone = await core.invoke('composer/get', { id: a.id });
    expect(gone).toMatchObject({ ok: false, error: { status: 404, code: 'SAVED_REQUEST_NOT_FOUND' } });
    expect((await ok('composer/list', {})).data.map((r: { id: string }) => r.id)).toEqual([b.id]);
  });

  it('collections group requests, list with counts, refuse a duplicate name, and leave their requests ungrouped when deleted', async () => {
    const payouts = await ok('composer/create-collection', { name: 'Payouts' });
    const kyc = await ok('composer/create-collection', { name: 'KYC' });
    expect(await core.invoke('composer/create-collection', { name: 'KYC' })).toMatchObject({ ok: false, error: { status: 409, code: 'COLLECTION_NAME_TAKEN' } });
    const inPayouts = await ok('composer/save', { ...quote, collectionId: payouts.id });
    const loose = await ok('composer/save', { ...quote, name: 'Loose' });
    await ok('composer/move', { id: loose.id, collectionId: kyc.id });
    const list = await ok('composer/collections', {});
    expect(list.data.map((c: { name: string; requestCount: unknown }) => [c.name, c.requestCount])).toEqual([['KYC', 1], ['Payouts', 1]]);
    expect((await ok('composer/list', { collectionId: payouts.id })).data.map((r: { id: string }) => r.id)).toEqual([inPayouts.id]);
    await ok('composer/rename-collection', { id: payouts.id, name: 'Payouts to Mexico' });
    await ok('composer/delete-collection', { id: payouts.id });
    expect(await ok('composer/get', { id: inPayouts.id })).toMatchObject({ collectionId: null });
    expect((await ok('composer/list', { collectionId: 'NONE' })).data.map((r: { id: string }) => r.id)).toEqual([inPayouts.id]);
  });

  it('lists page by cursor, newest first, and filter by name or path', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ok('composer/save', { ...quote, name: `Call ${i}`, path: i === 3 ? '/customers' : '/quotes' })).id);
    const first = await ok('composer/list', { limit: 2 });
    expect(first).toMatchObject({ hasMore: true, totalCount: 5 });
    const second = await ok('composer/list', { limit: 2, cursor: first.nextCursor });
    const third = await ok('composer/list', { limit: 2, cursor: second.nextCursor });
    expect([...first.data, ...second.data, ...third.data].map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect((await ok('composer/list', { q: 'customers' })).data.map((r: { name: string }) => r.name)).toEqual(['Call 3']);
    expect((await ok('composer/list', { q: '100%' })).totalCount).toBe(0);
  });

  it('no secret is stored: body keys, secret headers, query values and a device code in the path are replaced, and the answer says which, in words', async () => {
    const typed = {
      name: 'Secrets everywhere', method: 'POST', path: '/agents/device-codes/ABCD-EFGH-JKLM/redeem',
      query: [{ name: 'access_token', value: 'qs-token-0123456789' }, { name: 'limit', value: '20' }],
      headers: [{ name: 'Svc-Wallet-Signature', value: 'sig-0123456789abcdef' }, { name: 'X-Api-Key', value: 'apikey-0123456789' }, { name: 'X-Auth-Token', value: 'authtoken-0123456789' }, { name: 'Idempotency-Key', value: 'k-7' }],
      body: JSON.stringify({ secret: 'body-secret-0123456789', code: '123456', payment: { cardNumber: '4111111111111111' }, amount: 100 }),
    };
    const saved = await ok('composer/save', typed);
    expect(saved.leftOut).toEqual([
      'the one-time code in the path',
      'the value of the query parameter access_token',
      'the value of the header Svc-Wallet-Signature',
      'the value of the header X-Api-Key',
      'the value of the header X-Auth-Token',
      'the value of “secret” in the body',
      'the value of “code” in the body',
      'the value of “payment.cardNumber” in the body',
    ]);
    const stored = await ok('composer/get', { id: saved.id });
    expect(stored.path).toBe('/agents/device-codes/[redacted]/redeem');
    expect(stored.headers.find((h: { name: string }) => h.name === 'Idempotency-Key').value).toBe('k-7');
    expect(JSON.parse(stored.body)).toEqual({ secret: '[redacted]', code: '[redacted]', payment: { cardNumber: '[redacted]' }, amount: 100 });
    // The workspace file itself, read by the shared secret collector, and as raw bytes.
    const dbPath = core.workspace.dbPath;
    core.close();
    const secrets = [...workspaceSecrets(dbPath).values()].filter((where) => where.startsWith('saved_requests'));
    expect(secrets).toEqual([]);
    const raw = readFileSync(dbPath).toString('latin1');
    for (const v of ['ABCD-EFGH-JKLM', 'qs-token-0123456789', 'sig-0123456789abcdef', 'apikey-0123456789', 'authtoken-0123456789', 'body-secret-0123456789', '4111111111111111']) expect(raw).not.toContain(v);
    core = reopenCore(core);
  });

  it('the secret collector reads a saved request the way the redaction does (so the check above can fail)', async () => {
    const saved = await ok('composer/save', quote);
    const db = core.services.ctx.db;
    db.prepare('UPDATE saved_requests SET headers_json = ?, body = ?, path = ? WHERE id = ?').run(JSON.stringify([{ name: 'X-Api-Key', value: 'apikey-raw-0123456789' }]), '{"secret":"raw-secret-0123456789"}', '/agents/device-codes/RAW-CODE-1/redeem', saved.id);
    const dbPath = core.workspace.dbPath;
    core.close();
    const found = [...workspaceSecrets(dbPath)].filter(([, where]) => where.startsWith('saved_requests')).map(([v]) => v).sort();
    expect(found).toEqual(['RAW-CODE-1', 'apikey-raw-0123456789', 'raw-secret-0123456789']);
    core = reopenCore(core);
  });

  it('bad input is a 400 naming the field: credentials in headers, a path without its slash, an empty name, an unknown collection is a 404', async () => {
    const cases: [unknown, string][] = [
      [{ ...quote, headers: [{ name: 'Authorization', value: 'Basic abc' }] }, 'headers'],
      [{ ...quote, path: 'quotes' }, 'path'],
      [{ ...quote, name: '   ' }, 'name'],
      [{ ...quote, method: 'TRACE' }, 'method'],
    ];
    for (const [input, field] of cases) {
      const r = await core.invoke('composer/save', input);
      expect(r).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT' } });
      expect(JSON.stringify(!r.ok && r.error)).toContain(field);
    }
    expect(await core.invoke('composer/save', { ...quote, collectionId: 'RequestCollection:nope' })).toMatchObject({ ok: false, error: { status: 404, code: 'COLLECTION_NOT_FOUND' } });
  });
});
