// The single-writer lock inside one process (the cross-process faults are in test/faults/single-writer.test.ts):
// a second core over one file is refused whoever opens it, a close or a dropped connection frees it,
// in-memory cores and copies need none, and leftover copies are swept only by their exact name.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/index';
import { ServiceError } from '../../core/kernel/errors';
import { LEFTOVER_COPY } from '../../core/kernel/leftover-copies';
import { acquireWorkspaceLock, whileHeld } from '../../core/kernel/workspace-lock';
import { newCore, removeTempDirs, tempDir } from '../support/builders';

const cores: Core[] = [];
afterEach(() => {
  for (const c of cores.splice(0).reverse()) if (c.services.ctx.db.open) c.close();
});
afterAll(removeTempDirs);

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the workspace lock within one process', () => {
  it('refuses a second core over the same file with WORKSPACE_IN_USE naming this process, until the first closes', () => {
    const first = newCore({ seed: false, host: { kind: 'serve' } });
    cores.push(first);
    const err = refusal(() => createCore({ dbPath: first.workspace.dbPath, seed: false }));
    expect(err).toMatchObject({ status: 409, code: 'WORKSPACE_IN_USE', details: { holder: { pid: process.pid, host: 'serve' } } });
    expect(err.message).toMatch(new RegExp(`already open in process ${process.pid} \\(serve, this process\\) since \\d{4}-`));
    first.close();
    const second = createCore({ dbPath: first.workspace.dbPath, seed: false });
    cores.push(second);
    expect(second.services.ctx.db.open).toBe(true);
  });

  it('is released when the connection is dropped without a close, as a crashed process drops it', () => {
    const first = newCore({ seed: false });
    first.services.ctx.scheduler.close();
    first.services.ctx.db.close();
    const again = createCore({ dbPath: first.workspace.dbPath, seed: false });
    cores.push(again);
    expect(again.services.ctx.db.open).toBe(true);
  });

  it('is not taken by throwaway in-memory cores', () => {
    const a = createCore({ dbPath: ':memory:', seed: false });
    const b = createCore({ dbPath: ':memory:', seed: false });
    cores.push(a, b);
    expect(a.services.ctx.db.open && b.services.ctx.db.open).toBe(true);
  });

  it('holds a closed workspace for a change (whileHeld) and refuses one that is open', () => {
    const open = newCore({ seed: false });
    cores.push(open);
    expect(refusal(() => whileHeld(open.workspace.dbPath, 'test', () => 'written')).code).toBe('WORKSPACE_IN_USE');
    const closedPath = join(tempDir(), 'workspace.sqlite');
    expect(whileHeld(closedPath, 'test', () => 'written')).toBe('written');
    const lock = acquireWorkspaceLock(closedPath); // released by whileHeld, so free again
    lock.release();
    lock.release(); // twice is harmless
  });
});

describe('a lock file written over by something else', () => {
  it('is refused with a sentence that says what to do, not SQLite\'s words', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'workspace.sqlite.lock'), 'not a database, not ours '.repeat(100));
    const err = refusal(() => createCore({ dataDir: dir, seed: false }));
    expect(err).toMatchObject({ status: 409, code: 'WORKSPACE_LOCK_UNREADABLE' });
    expect(err.message).toContain('delete that file');
  });
});

describe('leftover copies of a killed export or snapshot', () => {
  it('match only the exact name a copy is written under', () => {
    for (const name of ['.t1.sqlite.0123456789ab.tmp', '.workspace.sqlite.a1b2c3d4e5f6.tmp-journal', '.nightly.sqlite.0123456789ab.tmp-wal']) expect(LEFTOVER_COPY.test(name), name).toBe(true);
    for (const name of ['t1.sqlite.0123456789ab.tmp', '.t1.sqlite.tmp', '.t1.sqlite.0123456789a.tmp', '.t1.db.0123456789ab.tmp', '.t1.sqlite.0123456789ab.tmp.bak', '.t1.sqlite.0123456789AB.tmp']) {
      expect(LEFTOVER_COPY.test(name), name).toBe(false);
    }
  });

  it('are removed when the workspace opens, from its folder and its snapshots, and nothing else is', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'snapshots'), { recursive: true });
    const gone = [join(dir, '.t1.sqlite.0123456789ab.tmp'), join(dir, '.t1.sqlite.0123456789ab.tmp-journal'), join(dir, 'snapshots', '.nightly.sqlite.fedcba987654.tmp')];
    const kept = [join(dir, 'notes.tmp'), join(dir, 't1.sqlite.0123456789ab.tmp'), join(dir, 'snapshots', '.nightly.sqlite.tmp')];
    for (const f of [...gone, ...kept]) writeFileSync(f, 'x');
    const core = createCore({ dataDir: dir, seed: false });
    cores.push(core);
    for (const f of gone) expect(existsSync(f), f).toBe(false);
    for (const f of kept) expect(existsSync(f), f).toBe(true);
  });
});
