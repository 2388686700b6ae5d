// The listen mode: every webhook forwarded, signed, to a local URL without touching the platform's
// endpoint, from the console and from the `listen` command (a real process reading the API's stream).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { enc, invoke, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { endChild } from '../support/child-process';

let w: World;
let rx: Receiver;
let child: ChildProcess | undefined;
beforeEach(async () => {
  w = await openWorld();
  rx = await startReceiver();
  rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
});
afterEach(async () => {
  if (child?.pid) await endChild(child);
  await rx.close();
  await w.close();
});

const fund = () => w.api.post(`/sandbox/internal-accounts/${enc(w.seed.aliceUsd)}/fund`, { amount: 7_00 });
const balanceHooks = () => rx.received.filter((r) => r.envelope.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED');

describe('listen mode', () => {
  it('the console forwards each webhook, signed, while no endpoint is set, and keeps the answers', async () => {
    rx.answer = () => ({ status: 200, body: { seen: true } });
    expect(await invoke(w, 'webhooks/listen', { url: rx.url })).toEqual({ url: rx.url, results: [] });
    await fund();
    const [hook] = await until(() => balanceHooks().length && balanceHooks(), 'the forwarded webhook');
    expect(hook!.verified).toBe(true);
    expect(hook!.envelope.data).toMatchObject({ id: w.seed.aliceUsd });
    const state = await until(async () => { const s = await invoke(w, 'webhooks/listen-state'); return s.results.length && s; }, 'the answer');
    expect(state.results[0]).toMatchObject({ id: hook!.envelope.id, type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', status: 200, body: '{"seen":true}' });
    expect((await w.api.get('/config')).body).not.toHaveProperty('webhookEndpoint');
    expect((await invoke(w, 'webhooks/list', {})).totalCount).toBe(0);
    await invoke(w, 'webhooks/listen', { url: null });
    await fund();
    await w.core.services.webhooks.deliveries.idle();
    expect(balanceHooks()).toHaveLength(1);
    const refused = await w.core.invoke('webhooks/listen', { url: 'https://elsewhere.example/hooks' });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT' } });
  });

  it('`listen --forward-to` prints each webhook and the receiver\'s answer', async () => {
    rx.answer = () => ({ status: 202, body: { queued: 1 } });
    const creds = w.core.workspace.initialCredentials!;
    const tsx = resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
    child = spawn(tsx, ['core/host/listen.ts', '--forward-to', rx.url, '--api', w.api.base], {
      cwd: resolve(import.meta.dirname, '../..'), env: { ...process.env, SVC_CLIENT_ID: creds.clientId, SVC_CLIENT_SECRET: creds.clientSecret },
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    // tsx compiles the command on start: on a loaded 2-core machine that alone can take 10 s.
    await until(() => out.includes('Listening on'), 'the command to connect', 40_000);
    await fund();
    const [hook] = await until(() => balanceHooks().length && balanceHooks(), 'the forwarded webhook');
    expect(hook!.verified).toBe(true);
    await until(() => out.includes(`INTERNAL_ACCOUNT.BALANCE_UPDATED ${hook!.envelope.id} -> 202`), 'the printed answer');
    expect(out).toContain('{"queued":1}');
    expect((await w.api.get('/config')).body).not.toHaveProperty('webhookEndpoint');
  }, 60_000);
});
