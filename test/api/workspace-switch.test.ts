// The serve host's workspaces over real HTTP: the console bridge creates, renames, duplicates and
// switches workspaces; the API and the live event stream then follow the open one.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, type HandlerName, type HandlerOutput } from '../../core/index';
import { startLoopbackServer, type LoopbackServer } from '../../core/host/server';
import { WorkspaceHost } from '../../core/host/workspaces';
import { TOKEN_HEADER } from '../../core/host/bridge-http';
import { removeTempDirs, tempDir } from '../support/builders';
import { readSseUntil, type BridgeAnswer } from '../support/http';
import { ApiClient, basicAuth, FROZEN_AT } from '../support/api-client';

const CREDS = { clientId: 'Token:switch-test', clientSecret: 'switch-test-secret-0123456789' };

let host: WorkspaceHost;
let server: LoopbackServer;
let api: ApiClient;

/** Runs a console handler over the browser bridge; its typed value, or its error as data. */
async function invoke<K extends HandlerName>(name: K, input: unknown = {}): Promise<BridgeAnswer<HandlerOutput<K>>> {
  const r = await fetch(`${server.origin}/__bridge/invoke`, {
    method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: server.consoleToken }, body: JSON.stringify({ name, input }),
  });
  return (await r.json()) as BridgeAnswer<HandlerOutput<K>>;
}

beforeEach(async () => {
  host = new WorkspaceHost({
    root: tempDir(), initial: 'default',
    coreOptions: { clock: { mode: 'FROZEN', frozenAt: FROZEN_AT }, seed: { credentials: CREDS }, host: { kind: 'serve' } },
  });
  server = await startLoopbackServer({ core: host.core, workspaces: host, port: 0 });
  api = new ApiClient(`${server.origin}${API_BASE}`, basicAuth(CREDS.clientId, CREDS.clientSecret));
});
afterEach(async () => {
  await server.close();
  host.close();
});
afterAll(removeTempDirs);

describe('switching workspaces in the serve host', () => {
  it('creates, renames, duplicates and switches; the API answers from the open workspace', async () => {
    const created = await api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'only-in-default', fullName: 'Only In Default', currencies: ['USD'] });
    expect(created.status).toBe(201);

    const second = await invoke('workspaces/create', { name: 'Second rehearsal' });
    expect(second).toMatchObject({ ok: true, value: { id: 'second-rehearsal', name: 'Second rehearsal', current: false } });
    const copy = await invoke('workspaces/duplicate', { id: 'default', name: 'Default copy' });
    expect(copy.value).toMatchObject({ id: 'default-copy', name: 'Default copy' });
    expect((await invoke('workspaces/rename', { id: 'default', name: 'Main' })).value).toMatchObject({ id: 'default', name: 'Main', current: true });

    const listed = await invoke('workspaces/list');
    expect(listed.value!.available).toBe(true);
    expect(listed.value!.workspaces.map((w: { id: string; name: string; current: boolean }) => [w.id, w.name, w.current])).toEqual([
      ['default', 'Main', true], ['default-copy', 'Default copy', false], ['second-rehearsal', 'Second rehearsal', false],
    ]);

    // the live stream hears the switch
    const abort = new AbortController();
    const stream = await fetch(`${server.origin}/__bridge/events?token=${server.consoleToken}`, { signal: abort.signal });
    const heard = readSseUntil(stream.body!, (m) => m.data.includes('WORKSPACE.SWITCHED'));

    const switched = await invoke('workspaces/switch', { id: 'second-rehearsal' });
    expect(switched).toMatchObject({ ok: true, value: { id: 'second-rehearsal', current: true } });
    expect(JSON.parse((await heard).data)).toMatchObject({ type: 'WORKSPACE.SWITCHED', resourceId: 'second-rehearsal', payload: { name: 'Second rehearsal' } });
    abort.abort();

    const inSecond = await api.get('/customers?platformCustomerId=only-in-default');
    expect(inSecond.status).toBe(200);
    expect(inSecond.body.totalCount).toBe(0);
    expect((await invoke('workspace/info')).value).toMatchObject({ workspaceName: 'Second rehearsal' });
    expect((await invoke('workspace/info')).value!.dbPath).toBe(join(host.root, 'second-rehearsal', 'workspace.sqlite'));

    // the duplicate holds the first workspace's data
    await invoke('workspaces/switch', { id: 'default-copy' });
    expect((await api.get('/customers?platformCustomerId=only-in-default')).body.totalCount).toBe(1);

    // events of the newly open workspace reach the same stream subscription
    const again = new AbortController();
    const s2 = await fetch(`${server.origin}/__bridge/events?token=${server.consoleToken}`, { signal: again.signal });
    const customerEvent = readSseUntil(s2.body!, (m) => m.data.includes('CUSTOMER.CREATED') || m.data.includes('Customer'));
    expect((await api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'in-copy', fullName: 'In Copy', currencies: ['USD'] })).status).toBe(201);
    expect(JSON.parse((await customerEvent).data).resourceType).toBeDefined();
    again.abort();
  });

  it('refuses to delete the open workspace, deletes another, and says why an unknown one cannot open', async () => {
    await invoke('workspaces/create', { name: 'Throwaway' });
    expect((await invoke('workspaces/delete', { id: 'default' })).error).toMatchObject({ status: 409, code: 'WORKSPACE_OPEN' });
    expect((await invoke('workspaces/delete', { id: 'throwaway' })).ok).toBe(true);
    expect(existsSync(join(host.root, 'throwaway'))).toBe(false);
    expect((await invoke('workspaces/switch', { id: 'nope' })).error).toMatchObject({ status: 404, code: 'WORKSPACE_NOT_FOUND' });
    expect((await invoke('workspaces/switch', { id: '../default' })).error).toMatchObject({ status: 404 });
    expect((await invoke('workspaces/create', { name: '' })).error).toMatchObject({ status: 400 });
  });

  it('exports the open workspace and imports it as a new one from the console', async () => {
    const file = join(tempDir(), 'out', 'main.sqlite');
    const exported = await invoke('workspaces/export', { path: file });
    expect(exported).toMatchObject({ ok: true, value: { path: file } });
    const imported = await invoke('workspaces/import', { path: file, name: 'From export' });
    expect(imported.value).toMatchObject({ id: 'from-export', name: 'From export', current: false });
    expect((await invoke('workspaces/import', { path: join(host.root, 'nothing.sqlite') })).error).toMatchObject({ status: 400 });
  });
});
