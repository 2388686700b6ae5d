import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Ctx } from '../context';
import { conflict, notFound } from '../kernel/errors';
import { encodeCursor, decodeCursor, type Page } from '../kernel/pagination';
import { exportTo, replaceContents, snapshotInto, tableCounts, type ExportOptions } from '../kernel/workspace-file';
import type { RestoreResult, Snapshot } from './schema';

/** The file name of the seeded state a reset returns to (hidden from the list: it is not a user's snapshot). */
export const SEED_SNAPSHOT = '.seed';

interface SnapshotMeta {
  note: string | null;
  createdAt: string;
  clockAt: string | null;
}

/**
 * Named snapshots of the open workspace, restoring them in place, resetting to the seeded state and
 * exporting the workspace to one file. Snapshots live beside the workspace file, in `snapshots/`, each
 * an SQLite file with a small JSON note. A restore replaces the rows on the open connection, so the
 * API, the console and their event stream carry on over the restored state.
 */
export class WorkspaceService {
  /**
   * @param seedInto creates a freshly seeded workspace file at a path (the core's own creation, passed in
   *   so this area needs no knowledge of every other area), for workspaces that predate kept seed states.
   */
  constructor(private readonly ctx: Ctx, private readonly dbPath: string, private readonly seedInto: (path: string) => void) {}

  /** The folder holding the snapshots, or a 409 for a workspace that lives only in memory. */
  private dir(): string {
    if (this.dbPath === ':memory:') throw conflict('This workspace lives only in memory: it has no snapshots', 'WORKSPACE_IN_MEMORY');
    return join(dirname(this.dbPath), 'snapshots');
  }

  private fileOf(name: string): string {
    // Why: names become file names; anything else (a path, "..") must not reach the file system.
    if (!/^\.?[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes('..')) throw notFound('SNAPSHOT_NOT_FOUND', `No snapshot named "${name}" in this workspace`);
    return join(this.dir(), `${name}.sqlite`);
  }

  private metaOf(name: string): SnapshotMeta {
    try {
      return JSON.parse(readFileSync(join(this.dir(), `${name}.json`), 'utf8')) as SnapshotMeta;
    } catch {
      return { note: null, createdAt: statSync(this.fileOf(name)).mtime.toISOString(), clockAt: null };
    }
  }

  private describe(name: string): Snapshot {
    const meta = this.metaOf(name);
    return { name, note: meta.note, createdAt: meta.createdAt, clockAt: meta.clockAt, sizeBytes: statSync(this.fileOf(name)).size };
  }

  /** The user's snapshots by name, a page at a time. */
  list(limit: number, cursor?: string): Page<Snapshot> {
    const dir = this.dbPath === ':memory:' ? undefined : this.dir();
    const names = dir && existsSync(dir)
      ? readdirSync(dir).filter((f) => f.endsWith('.sqlite') && !f.startsWith('.')).map((f) => f.slice(0, -'.sqlite'.length)).sort()
      : [];
    const after = cursor ? String(decodeCursor(cursor).k) : undefined;
    const rest = after === undefined ? names : names.filter((n) => n > after);
    const data = rest.slice(0, limit).map((n) => this.describe(n));
    const page: Page<Snapshot> = { data, hasMore: rest.length > limit, totalCount: names.length };
    if (page.hasMore) page.nextCursor = encodeCursor({ k: data.at(-1)!.name, id: data.at(-1)!.name });
    return page;
  }

  /** One snapshot, or 404 SNAPSHOT_NOT_FOUND. */
  get(name: string): Snapshot {
    if (!existsSync(this.fileOf(name))) throw notFound('SNAPSHOT_NOT_FOUND', `No snapshot named "${name}" in this workspace`);
    return this.describe(name);
  }

  /** Takes a named snapshot of the workspace as it stands (409 SNAPSHOT_EXISTS unless `overwrite`). */
  take(name: string, note?: string, overwrite = false): Snapshot {
    const file = this.fileOf(name);
    if (existsSync(file) && !overwrite) throw conflict(`A snapshot named "${name}" already exists: choose another name or overwrite it`, 'SNAPSHOT_EXISTS', { name });
    mkdirSync(this.dir(), { recursive: true });
    this.ctx.scheduler.assertIdle();
    this.ctx.settle();
    snapshotInto(this.ctx.db, file);
    const meta: SnapshotMeta = { note: note ?? null, createdAt: new Date().toISOString(), clockAt: this.ctx.clock.iso() };
    writeFileSync(join(this.dir(), `${name}.json`), JSON.stringify(meta));
    this.ctx.transaction(() => this.ctx.events.append('WORKSPACE.SNAPSHOT_TAKEN', 'Workspace', 'workspace', { name }));
    return this.describe(name);
  }

  /** Deletes a snapshot (404 when it does not exist). */
  remove(name: string): void {
    this.get(name);
    rmSync(this.fileOf(name), { force: true });
    rmSync(join(this.dir(), `${name}.json`), { force: true });
  }

  /** Puts the workspace back as the snapshot holds it: every row, the clock and the scheduled jobs. */
  restore(name: string): RestoreResult {
    this.get(name);
    return this.replaceWith(this.fileOf(name), name, [], `The snapshot "${name}"`);
  }

  /** Records the seeded state (called once, right after a new workspace is seeded) so a reset can return to it. */
  keepSeedState(): void {
    if (this.dbPath === ':memory:') return;
    mkdirSync(this.dir(), { recursive: true });
    this.ctx.settle();
    snapshotInto(this.ctx.db, this.fileOf(SEED_SNAPSHOT));
  }

  /**
   * Resets the workspace to its seeded state, keeping its API tokens' credentials working. A workspace
   * created before seed states were kept gets a freshly seeded state with its own tokens kept instead.
   */
  reset(): RestoreResult {
    const seed = this.fileOf(SEED_SNAPSHOT);
    if (existsSync(seed)) return this.replaceWith(seed, 'seed', [], 'The seeded state (snapshots/.seed.sqlite)');
    const scratch = mkdtempSync(join(tmpdir(), 'workspace-seed-'));
    try {
      const fresh = join(scratch, 'workspace.sqlite');
      this.seedInto(fresh);
      return this.replaceWith(fresh, 'seed', ['api_tokens'], 'The freshly seeded state');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** Exports the workspace to one file (see `exportTo`: a failed export leaves the previous file intact). */
  exportTo(path: string, options?: ExportOptions): Promise<{ path: string; bytes: number }> {
    mkdirSync(dirname(path), { recursive: true });
    this.ctx.settle();
    return exportTo(this.ctx.db, path, options);
  }

  /** `subject` names the file in a refusal (422 INVALID_WORKSPACE_FILE when it is damaged or foreign). */
  private replaceWith(file: string, label: string, keep: string[], subject: string): RestoreResult {
    this.ctx.scheduler.assertIdle();
    this.ctx.settle();
    // Calls recorded before the restore belong to the log it replaces (or keeps): written now, not after.
    this.ctx.requestLog.flush();
    replaceContents(this.ctx.db, file, keep, subject);
    this.ctx.clock.reload();
    this.ctx.scheduler.arm();
    this.ctx.transaction(() => this.ctx.events.append('WORKSPACE.RESTORED', 'Workspace', 'workspace', { snapshot: label }));
    const { mode, now } = this.ctx.clock.state();
    return { restored: label, clock: { mode, now }, counts: tableCounts(this.ctx.db) };
  }
}
