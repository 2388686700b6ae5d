// endChild, which every test that spawns serve ends it with: a child ended by a signal, one asked twice, one
// that ignores SIGTERM, and one that never started must all resolve, and say how they ended.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { endChild } from '../support/child-process';

/** A node child that prints `ready` once its SIGTERM handler (if any) is installed. */
function child(onTerm: 'exit0' | 'ignore' | 'default') {
  const handler = onTerm === 'exit0' ? "process.on('SIGTERM', () => setTimeout(() => process.exit(0), 50));"
    : onTerm === 'ignore' ? "process.on('SIGTERM', () => {});" : '';
  const c = spawn(process.execPath, ['-e', `${handler} console.log('ready'); setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<typeof c>((resolve) => c.stdout.once('data', () => resolve(c)));
}

describe('endChild', () => {
  it('resolves for a child that died by the signal, and again at once when asked a second time', async () => {
    const c = await child('default');
    expect(await endChild(c)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await endChild(c)).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('two calls during one close share it, and the child exits by itself once', async () => {
    const c = await child('exit0');
    const [a, b] = await Promise.all([endChild(c), endChild(c)]);
    expect(a).toEqual({ code: 0, signal: null });
    expect(b).toEqual(a);
  });

  it('a SIGKILL goes through to a child that ignores SIGTERM', async () => {
    const c = await child('ignore');
    const term = endChild(c);
    const kill = endChild(c, 'SIGKILL');
    expect(await kill).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await term).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('resolves for a child that never started, even asked in the same tick as the spawn', async () => {
    const c = spawn('/nonexistent/payments-console-binary', [], { stdio: 'ignore' });
    c.on('error', () => undefined);
    const end = await endChild(c);
    expect(end.signal).toBeNull();
    expect(c.pid).toBeUndefined();
  });
});
