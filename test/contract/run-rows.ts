// Runs contract rows: each row's success call and failure call go over real HTTP to a seeded
// workspace, and both answers must carry a status the upstream operation lists with a body its
// schema accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, type World } from '../support/money-path';
import { UpstreamContract, type UpstreamOperation } from './upstream';
import type { Call, Row, RowContext } from './rows/table';

/** The fixture, loaded once per test file. */
export const upstream = new UpstreamContract();

/** One answer, parsed when JSON. */
interface Answer { status: number; body: unknown; text: string }

async function send(w: World, op: UpstreamOperation, call: Call): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  const auth = call.auth === undefined ? w.api.auth : call.auth;
  if (auth !== null) headers['authorization'] = auth;
  let body: string | FormData | undefined;
  if (call.body instanceof FormData || typeof call.body === 'string') body = call.body;
  else if (call.body !== undefined) body = JSON.stringify(call.body);
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  const res = await fetch(`${w.api.base}${call.path}`, { method: op.method.toUpperCase(), headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text };
}

/** Replaces the last path parameter's value in a concrete path with an id nothing has. */
function withMissingLastParam(op: UpstreamOperation, path: string): string | undefined {
  const template = op.path.split('/');
  const [bare, query] = path.split('?');
  const concrete = bare!.split('/');
  if (template.length !== concrete.length) return undefined;
  let last = -1;
  template.forEach((seg, i) => { if (seg.startsWith('{')) last = i; });
  if (last < 0) return undefined;
  concrete[last] = encodeURIComponent('Missing:019a0000-0000-7000-8000-00000000dead');
  return concrete.join('/') + (query ? `?${query}` : '');
}

/**
 * The failure call a row gets when it names none: an unknown id where the operation lists 404, a
 * malformed JSON body where it lists 400 for a body, `limit=0` on a listing with 400, else no credentials (401).
 */
export function derivedBad(op: UpstreamOperation, ok: Call): Call {
  if (op.statuses.includes(404)) {
    const path = withMissingLastParam(op, ok.path);
    if (path) return { ...ok, path };
  }
  if (op.statuses.includes(400) && op.hasBody && op.bodyTypes.includes('application/json')) return { ...ok, body: '{"unterminated": ' };
  if (op.statuses.includes(400) && op.method === 'get') return { ...ok, path: `${ok.path}${ok.path.includes('?') ? '&' : '?'}limit=0` };
  return { ...ok, auth: null };
}

function expectValid(op: UpstreamOperation, answer: Answer, which: '2xx' | '4xx', row?: Row): void {
  const where = `${op.operationId} (${op.method.toUpperCase()} ${op.path}) answered ${answer.status}`;
  const range = which === '2xx' ? [200, 300] : [400, 500];
  expect(answer.status >= range[0]! && answer.status < range[1]!, `${where}, wanted a ${which}: ${answer.text.slice(0, 600)}`).toBe(true);
  const spec = row?.specStatus;
  const status = spec && answer.status === spec.ours ? spec.contract : answer.status;
  const errors = upstream.errors(op.operationId, status, answer.body);
  if (errors.length) expect.fail(`${where}: the body does not validate against the upstream schema:\n  ${errors.join('\n  ')}\n${answer.text.slice(0, 800)}`);
}

/** Declares one test per row, in order, over one seeded workspace for the whole file. */
export function runRows(title: string, rows: Row[], prepare?: (ctx: RowContext) => Promise<void>): void {
  const ctx = { state: {} } as RowContext;
  beforeAll(async () => {
    ctx.w = await openWorld();
    await prepare?.(ctx);
  });
  afterAll(async () => {
    await ctx.w?.close();
  });
  describe(title, () => {
    for (const row of rows) {
      const declare = row.knownGap ? it.fails : it;
      const title = `${row.op}: a success and a failure both answer in the upstream contract's shapes`;
      declare(row.knownGap ? `${title} (known gap: ${row.knownGap})` : title, async () => {
        const op = upstream.operation(row.op);
        const ok = await row.ok(ctx);
        // A derived failure goes first, so a success that consumes a resource cannot change it; a row's own
        // failure is built after the success, from what the success left behind.
        const derived = row.bad ? undefined : await send(ctx.w, op, derivedBad(op, ok));
        expectValid(op, await send(ctx.w, op, ok), '2xx', row);
        expectValid(op, derived ?? (await send(ctx.w, op, await row.bad!(ctx))), '4xx');
      });
    }
  });
}
