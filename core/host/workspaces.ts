// The host's workspaces: folders under one root, each holding a workspace.sqlite, one of them open.
// Both hosts (serve, the desktop app) keep their open core here, so switching is the same everywhere:
// open the other workspace, then close the current one, then tell the listeners (the console reloads).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../index';
import type { DomainEvent } from '../kernel/events';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import { copyWorkspaceFile, inspectWorkspaceFile, setWorkspaceFileName, setWorkspaceName, snapshotInto, workspaceName } from '../kernel/workspace-file';
import { checkWorkspaceFile } from '../kernel/workspace-check';
import { whileHeld } from '../kernel/workspace-lock';
import type { WorkspaceDirectory, WorkspaceSummary } from '../workspaces/ports';

/** The file of a workspace inside its folder. */
export const WORKSPACE_FILE = 'workspace.sqlite';

/** Options of the workspace host. */
export interface WorkspaceHostOptions {
  /** The folder holding the workspace folders. */
  root: string;
  /** The folder name of the workspace to open first. */
  initial: string;
  /** Options every core is created with (host kind, clock, seed credentials...). */
  coreOptions?: Omit<CoreOptions, 'dataDir' | 'dbPath' | 'workspaces'>;
}

/** Turns a display name into a folder name (lowercase letters, digits and dashes). */
export function slugOf(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || 'workspace';
}

/** True for one folder name (never a path, `.` or `..`): ids from the console must not walk out of the root. */
function isFolderName(id: string): boolean {
  return id.length > 0 && id.length <= 255 && !/[/\\\0]/.test(id) && id !== '.' && id !== '..';
}

/** The event the console hears when the host opened another workspace. */
export const SWITCHED_EVENT = 'WORKSPACE.SWITCHED';

/** Keeps the open core of a host and implements the workspace directory the console uses. */
export class WorkspaceHost implements WorkspaceDirectory {
  readonly root: string;
  private currentId: string;
  private open: Core;
  private readonly listeners = new Set<(event: DomainEvent) => void>();
  private readonly switchListeners = new Set<(core: Core) => void>();
  private unsubscribe: () => void;
  private switching = false;

  constructor(private readonly options: WorkspaceHostOptions) {
    this.root = options.root;
    if (!isFolderName(options.initial)) throw new Error(`"${options.initial}" is not a folder name`);
    this.currentId = options.initial;
    mkdirSync(this.dirOf(options.initial), { recursive: true });
    this.checkBeforeOpening(options.initial);
    this.open = this.createCoreIn(options.initial);
    this.unsubscribe = this.forward(this.open);
  }

  /** The open core (read it on every request: it changes when the console switches). */
  get core(): Core {
    return this.open;
  }

  /** The folder name of the open workspace. */
  get currentIdName(): string {
    return this.currentId;
  }

  /** Hears every committed event of whichever workspace is open, plus WORKSPACE.SWITCHED on a switch. */
  onEvent(listener: (event: DomainEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears the new core after a switch (the host updates what it shows, e.g. its host info). */
  onSwitch(listener: (core: Core) => void): () => void {
    this.switchListeners.add(listener);
    return () => this.switchListeners.delete(listener);
  }

  /** A damaged or foreign file in a workspace folder is refused before opening (which would migrate it) can fail halfway. */
  private checkBeforeOpening(id: string): void {
    if (!existsSync(this.fileOf(id))) return;
    try {
      checkWorkspaceFile(this.fileOf(id), `The workspace "${id}"`, { scanPages: false });
    } catch (err) {
      // Locked by another process: opening it says who holds it, which this check cannot.
      if (err instanceof ServiceError && err.code === 'WORKSPACE_BUSY') return;
      throw err;
    }
  }

  private createCoreIn(id: string): Core {
    return createCore({ ...this.options.coreOptions, dataDir: this.dirOf(id), workspaces: this });
  }

  private forward(core: Core): () => void {
    return core.onEvent((e) => {
      for (const l of this.listeners) l(e);
    });
  }

  private dirOf(id: string): string {
    return join(this.root, id);
  }

  private fileOf(id: string): string {
    return join(this.dirOf(id), WORKSPACE_FILE);
  }

  private assertExists(id: string): void {
    if (!isFolderName(id) || !existsSync(this.fileOf(id))) throw notFound('WORKSPACE_NOT_FOUND', `No workspace "${id}" in ${this.root}`);
  }

  private freeId(name: string): string {
    const base = slugOf(name);
    let id = base;
    for (let n = 2; existsSync(this.dirOf(id)); n++) id = `${base}-${n}`;
    return id;
  }

  /** One workspace's summary, read without opening it for writing. */
  private summaryOf(id: string): WorkspaceSummary {
    const file = this.fileOf(id);
    const st = statSync(file);
    let name: string | null = null;
    let problem: string | null = null;
    if (id === this.currentId) name = workspaceName(this.open.services.ctx.db);
    else {
      try {
        name = inspectWorkspaceFile(file).name;
      } catch (err) {
        problem = err instanceof Error ? err.message : String(err);
      }
    }
    const snapDir = join(this.dirOf(id), 'snapshots');
    const snapshots = existsSync(snapDir) ? readdirSync(snapDir).filter((f) => f.endsWith('.sqlite') && !f.startsWith('.')).length : 0;
    return { id, name: name ?? id, dir: this.dirOf(id), current: id === this.currentId, sizeBytes: st.size, modifiedAt: st.mtime.toISOString(), snapshots, problem };
  }

  /** Every workspace folder under the root, the open one first, then by name. */
  list(): WorkspaceSummary[] {
    const ids = existsSync(this.root)
      ? readdirSync(this.root, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(this.fileOf(e.name))).map((e) => e.name)
      : [];
    // A folder removed between the listing and its summary (another process cleaning up) is left out, not an error.
    const summaries = ids.flatMap((id) => {
      try {
        return [this.summaryOf(id)];
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    });
    return summaries.sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name));
  }

  /** Creates and seeds a new workspace (it is not opened). */
  create(name: string): WorkspaceSummary {
    const id = this.freeId(name);
    const core = createCore({ ...this.options.coreOptions, dataDir: this.dirOf(id) });
    try {
      setWorkspaceName(core.services.ctx.db, name);
    } finally {
      core.close();
    }
    return this.summaryOf(id);
  }

  /**
   * Opens another workspace in place of the current one. The new core is opened first, so a workspace
   * that cannot be opened (a newer build wrote it) leaves the current one open and answers why.
   */
  async switchTo(id: string): Promise<WorkspaceSummary> {
    this.assertExists(id);
    if (id === this.currentId) return this.summaryOf(id);
    if (this.switching) throw conflict('Another workspace switch is in progress', 'WORKSPACE_SWITCH_IN_PROGRESS');
    this.switching = true;
    try {
      this.checkBeforeOpening(id);
      const next = this.createCoreIn(id);
      const previous = this.open;
      this.unsubscribe();
      this.open = next;
      this.currentId = id;
      this.unsubscribe = this.forward(next);
      for (const l of this.switchListeners) l(next);
      // Why deferred: this may run inside a handler of the previous core, which must finish answering first.
      setImmediate(() => previous.close());
      const summary = this.summaryOf(id);
      const event: DomainEvent = { seq: 0, id: `Event:switch-${Date.now()}`, type: SWITCHED_EVENT, resourceType: 'Workspace', resourceId: id, payload: { id, name: summary.name }, createdAt: new Date().toISOString() };
      for (const l of this.listeners) l(event);
      return summary;
    } finally {
      this.switching = false;
    }
  }

  /** Sets a workspace's display name (its folder keeps its name, so paths and flags stay valid). */
  rename(id: string, name: string): WorkspaceSummary {
    this.assertExists(id);
    if (id === this.currentId) setWorkspaceName(this.open.services.ctx.db, name);
    else {
      // Renaming writes into the file: a damaged or foreign one is refused first, never written.
      checkWorkspaceFile(this.fileOf(id), `The workspace "${id}"`);
      // A workspace another process has open is its to write (WORKSPACE_IN_USE names it).
      whileHeld(this.fileOf(id), this.options.coreOptions?.host?.kind, () => setWorkspaceFileName(this.fileOf(id), name));
    }
    return this.summaryOf(id);
  }

  /** Copies a workspace (its data, not its snapshots) to a new folder under a new name. */
  duplicate(id: string, name: string): WorkspaceSummary {
    this.assertExists(id);
    const target = this.freeId(name);
    mkdirSync(this.dirOf(target), { recursive: true });
    try {
      if (id === this.currentId) {
        this.open.services.ctx.settle();
        snapshotInto(this.open.services.ctx.db, this.fileOf(target));
      }
      else copyWorkspaceFile(this.fileOf(id), this.fileOf(target), `The workspace "${id}"`);
      setWorkspaceFileName(this.fileOf(target), name);
    } catch (err) {
      rmSync(this.dirOf(target), { recursive: true, force: true });
      throw err;
    }
    return this.summaryOf(target);
  }

  /** Deletes a workspace folder (never the open one). */
  remove(id: string): void {
    this.assertExists(id);
    if (id === this.currentId) throw conflict('The open workspace cannot be deleted: switch to another one first', 'WORKSPACE_OPEN');
    // Nor one another process has open (WORKSPACE_IN_USE names it). Released before the move: Windows
    // cannot move a folder holding an open file.
    whileHeld(this.fileOf(id), this.options.coreOptions?.host?.kind, () => undefined);
    // Moved aside first, so a half-deleted folder never lists as a workspace.
    const trash = join(this.root, `.deleted-${id}-${Date.now()}`);
    renameSync(this.dirOf(id), trash);
    rmSync(trash, { recursive: true, force: true });
  }

  /** Creates a workspace from an exported file (checked, copied, then only the copy migrated to this build's schema). */
  importFile(path: string, name?: string): WorkspaceSummary {
    if (!existsSync(path)) throw invalidInput('path', `names no file (${path})`);
    const subject = `The file ${basename(path)}`;
    const facts = checkWorkspaceFile(path, subject);
    const label = name ?? facts.name ?? basename(path).replace(/\.[^.]+$/, '');
    const id = this.freeId(label);
    mkdirSync(this.dirOf(id), { recursive: true });
    try {
      copyWorkspaceFile(path, this.fileOf(id), subject, facts);
      setWorkspaceFileName(this.fileOf(id), label);
    } catch (err) {
      rmSync(this.dirOf(id), { recursive: true, force: true });
      throw err;
    }
    return this.summaryOf(id);
  }

  /** Closes the open core (the host is stopping). */
  close(): void {
    this.unsubscribe();
    this.open.close();
  }
}

/** The root and folder name of a `--data-dir DIR` (its parent holds the sibling workspaces). */
export function splitDataDir(dataDir: string): { root: string; id: string } {
  return { root: dirname(dataDir), id: basename(dataDir) };
}
