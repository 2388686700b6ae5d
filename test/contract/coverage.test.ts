// Our served openapi.json against the upstream contract: every upstream operation is declared (method and
// path), and every operation of ours alone is marked as an extension, so drift in either direction shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCore, removeTempDirs, startServer, type TestServer } from '../support/builders';
import type { Core } from '../../core/index';
import { UpstreamContract } from './upstream';

const upstream = new UpstreamContract();
let core: Core;
let srv: TestServer;
let served: { paths: Record<string, Record<string, { operationId: string; 'x-extension'?: boolean; 'x-extension-reason'?: string }>> };

beforeAll(async () => {
  core = newCore();
  srv = await startServer(core);
  const r = await fetch(`${srv.base}/openapi.json`);
  expect(r.status).toBe(200);
  served = (await r.json()) as typeof served;
});
afterAll(async () => {
  await srv.close();
  core.close();
  removeTempDirs();
});

const upstreamKeys = new Set([...upstream.operations.values()].map((o) => `${o.method} ${o.path}`));

describe('the served openapi.json against the upstream contract', () => {
  it.each([...upstream.operations.values()].map((o) => [o.operationId, o] as const))('declares upstream operation %s (method and path)', (_id, op) => {
    const ours = served.paths[op.path]?.[op.method];
    expect(ours, `${op.method.toUpperCase()} ${op.path} is not in our document`).toBeDefined();
    expect(ours!['x-extension'], `${op.method.toUpperCase()} ${op.path} is upstream's, not an extension`).toBeUndefined();
  });

  it('marks every operation of ours alone as an extension (x-extension: true, with the reason)', () => {
    const unmarked: string[] = [];
    let marked = 0;
    for (const [path, ops] of Object.entries(served.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (upstreamKeys.has(`${method} ${path}`)) continue;
        if (op['x-extension'] === true && op['x-extension-reason']) marked++;
        else unmarked.push(`${method.toUpperCase()} ${path} (${op.operationId})`);
      }
    }
    expect(unmarked).toEqual([]);
    // The test clock, snapshots, the request log and the reference itself at least.
    expect(marked).toBeGreaterThanOrEqual(15);
    expect(served.paths['/sandbox/clock/advance']!['post']!['x-extension']).toBe(true);
    expect(served.paths['/sandbox/requests']!['get']!['x-extension']).toBe(true);
    expect(served.paths['/sandbox/workspace/snapshots']!['post']!['x-extension']).toBe(true);
  });
});
