import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKernel, type Kernel } from '../../core/kernel/kernel';
import { BACKSTOP_AUTOCHECKPOINT, BackgroundCheckpointer } from '../../core/kernel/checkpointer';
import { FOREGROUND_AUTOCHECKPOINT, openDatabase } from '../../core/kernel/db';

const open: Kernel[] = [];
afterEach(() => {
  for (const k of open.splice(0)) if (k.db.open) k.close();
});

function kernelAt(dir: string, backgroundCheckpointsAfterMs: number): Kernel {
  const k = createKernel({ dbPath: join(dir, 'workspace.sqlite'), backgroundCheckpointsAfterMs });
  open.push(k);
  return k;
}

const autocheckpoint = (k: Kernel) => k.db.pragma('wal_autocheckpoint', { simple: true });

describe('background checkpoints', () => {
  it('a worker copies committed pages into the file while the connection only appends to the WAL, and closing leaves one checkpointed file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ckpt-'));
    const k = kernelAt(dir, 0);
    await expect.poll(() => k.checkpointsInBackground(), { timeout: 10_000 }).toBe(true);
    // The connection's own checkpoint stays only as a backstop, far above what this test writes, so
    // only the worker can move these pages into the file.
    await expect.poll(() => autocheckpoint(k)).toBe(BACKSTOP_AUTOCHECKPOINT);
    const file = join(dir, 'workspace.sqlite');
    const before = statSync(file).size;
    const put = k.db.prepare('INSERT INTO workspace_meta (key, value) VALUES (?, ?)');
    k.transaction(() => {
      for (let i = 0; i < 2_000; i++) put.run(`bulk-${i}`, 'x'.repeat(4_000));
    });
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 7_000_000);

    k.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new Database(file, { readonly: true });
    try {
      expect((again.prepare("SELECT count(*) AS n FROM workspace_meta WHERE key LIKE 'bulk-%'").get() as { n: number }).n).toBe(2_000);
    } finally {
      again.close();
    }
  });

  it('a workspace closed before its worker started never has it open the file, and closing does not wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ckpt-'));
    const db = openDatabase(join(dir, 'workspace.sqlite'));
    try {
      const c = new BackgroundCheckpointer(db, join(dir, 'workspace.sqlite'));
      const t = performance.now();
      c.close();
      expect(performance.now() - t).toBeLessThan(1_000);
      // The worker, once it runs, finds the workspace closed and ends without opening its connection.
      await expect.poll(() => c.stopped, { timeout: 10_000 }).toBe(true);
      expect(c.phase).toBe('refused');
      expect(c.running).toBe(false);
    } finally {
      db.close();
    }
  });

  it('closing an open worker closes its connection first, and the file is left checkpointed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ckpt-'));
    const path = join(dir, 'workspace.sqlite');
    const db = openDatabase(path);
    const c = new BackgroundCheckpointer(db, path);
    await expect.poll(() => c.phase, { timeout: 10_000 }).toBe('open');
    await expect.poll(() => db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT);
    c.close();
    expect(c.phase).toBe('closed');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FOREGROUND_AUTOCHECKPOINT);
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('a short-lived workspace keeps checkpointing by itself (the worker starts only after a while)', () => {
    const k = kernelAt(mkdtempSync(join(tmpdir(), 'ckpt-')), 60_000);
    expect(k.checkpointsInBackground()).toBe(false);
    expect(autocheckpoint(k)).toBe(FOREGROUND_AUTOCHECKPOINT);
  });

  it('when the worker cannot open the workspace, the connection keeps checkpointing by itself and closing does not wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ckpt-'));
    const db = openDatabase(join(dir, 'workspace.sqlite'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const c = new BackgroundCheckpointer(db, join(dir, 'missing', 'workspace.sqlite'));
      await expect.poll(() => errors.mock.calls.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(c.running).toBe(false);
      expect(c.phase).toBe('failed');
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FOREGROUND_AUTOCHECKPOINT);
      const t = performance.now();
      c.close();
      expect(performance.now() - t).toBeLessThan(1_000);
    } finally {
      errors.mockRestore();
      db.close();
    }
  });
});
