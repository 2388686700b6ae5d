import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { exposed, ipcRenderer } from './electron-mock';

vi.mock('electron', () => import('./electron-mock'));
await import('../../electron/preload');

type Bridge = {
  invoke(name: string, input: unknown): Promise<unknown>;
  api(request: unknown): Promise<unknown>;
  onEvent(listener: (...args: unknown[]) => void): () => void;
};
const bridge = exposed.get('paymentsConsole') as Bridge;

describe('the preload', () => {
  it('exposes exactly invoke, api, onEvent and saveCaseFile on window.paymentsConsole, and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['paymentsConsole']);
    expect(Object.keys(bridge).sort()).toEqual(['api', 'invoke', 'onEvent', 'saveCaseFile']);
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it('sends invoke and api over their fixed channels', async () => {
    await bridge.invoke('workspace/info', {});
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:invoke', { name: 'workspace/info', input: {} });
    await bridge.api({ method: 'GET', path: '/customers' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('console:api', { method: 'GET', path: '/customers' });
  });

  it("gives onEvent listeners only the event payload, never Electron's event object", () => {
    const listener = vi.fn();
    bridge.onEvent(listener);
    const [channel, wrapper] = ipcRenderer.on.mock.lastCall ?? [];
    expect(channel).toBe('console:event');
    const electronEvent = { sender: ipcRenderer, senderId: 0 };
    const payload = { seq: 1, type: 'CUSTOMER.CREATED' };
    wrapper?.(electronEvent, payload);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([payload]);
  });

  it('returns an unsubscribe function that removes its ipcRenderer listener', () => {
    const unsubscribe = bridge.onEvent(vi.fn());
    const wrapper = ipcRenderer.on.mock.lastCall?.[1];
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith('console:event', wrapper);
  });

  it('bundles into one CommonJS file that requires nothing but electron (it runs sandboxed)', async () => {
    const out = await build({
      entryPoints: ['electron/preload.ts'], bundle: true, write: false, format: 'cjs', platform: 'browser', external: ['electron'], logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/process\.env/);
  });
});
