import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult, Core } from '../../core/index';
import { newCore, reopenCore, removeTempDirs } from '../support/builders';

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
    const saved = await ok('composer/save', quote);
    expect(saved).toMatchObject({ ...quote, collectionId: null });
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
    expect((await ok('composer/list', {})).data.map((r: any) => r.id)).toEqual([b.id]);
  });

  it('collections group requests, list with counts, refuse a duplicate name, and leave their requests ungrouped when deleted', async () => {
    const payouts = await ok('composer/create-collection', { name: 'Payouts' });
    const kyc = await ok('composer/create-collection', { name: 'KYC' });
    expect(await core.invoke('composer/create-collection', { name: 'KYC' })).toMatchObject({ ok: false, error: { status: 409, code: 'COLLECTION_NAME_TAKEN' } });
    const inPayouts = await ok('composer/save', { ...quote, collectionId: payouts.id });
    const loose = await ok('composer/save', { ...quote, name: 'Loose' });
    await ok('composer/move', { id: loose.id, collectionId: kyc.id });
    const list = await ok('composer/collections', {});
    expect(list.data.map((c: any) => [c.name, c.requestCount])).toEqual([['KYC', 1], ['Payouts', 1]]);
    expect((await ok('composer/list', { collectionId: payouts.id })).data.map((r: any) => r.id)).toEqual([inPayouts.id]);
    await ok('composer/rename-collection', { id: payouts.id, name: 'Payouts to Mexico' });
    await ok('composer/delete-collection', { id: payouts.id });
    expect(await ok('composer/get', { id: inPayouts.id })).toMatchObject({ collectionId: null });
    expect((await ok('composer/list', { collectionId: 'NONE' })).data.map((r: any) => r.id)).toEqual([inPayouts.id]);
  });

  it('lists page by cursor, newest first, and filter by name or path', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ok('composer/save', { ...quote, name: `Call ${i}`, path: i === 3 ? '/customers' : '/quotes' })).id);
    const first = await ok('composer/list', { limit: 2 });
    expect(first).toMatchObject({ hasMore: true, totalCount: 5 });
    const second = await ok('composer/list', { limit: 2, cursor: first.nextCursor });
    const third = await ok('composer/list', { limit: 2, cursor: second.nextCursor });
    expect([...first.data, ...second.data, ...third.data].map((r: any) => r.id)).toEqual([...ids].reverse());
    expect((await ok('composer/list', { q: 'customers' })).data.map((r: any) => r.name)).toEqual(['Call 3']);
    expect((await ok('composer/list', { q: '100%' })).totalCount).toBe(0);
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
