// Where the workspaces live, opening them with an error the user can read, and opening a workspace
// file handed to the app (a double-click, File > Open, a second launch with a path).
import { existsSync, realpathSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { splitDataDir, WorkspaceHost, WORKSPACE_FILE } from '../core/host/workspaces';
import type { WorkspaceSummary } from '../core/workspaces/ports';

/** The value of `--data-dir DIR` or `--data-dir=DIR` in argv, if present. */
export function dataDirFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--data-dir') return argv[i + 1] || undefined;
    if (arg?.startsWith('--data-dir=')) return arg.slice('--data-dir='.length) || undefined;
  }
  return undefined;
}

/** The workspaces folder and the workspace to open first: `--data-dir DIR` names one, else `<userData>/workspaces/default`. */
export function workspaceLocation(userData: string, argv: readonly string[]): { root: string; id: string } {
  const dataDir = dataDirFromArgv(argv);
  return dataDir ? splitDataDir(resolve(dataDir)) : { root: join(userData, 'workspaces'), id: 'default' };
}

/**
 * The workspace file among the arguments, if any: what the system passes on a double-click (Windows,
 * Linux) and what a second launch carries. The value of `--data-dir` does not count.
 */
export function workspaceFileFromArgv(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--data-dir' || arg === '--port') i++;
    else if (!arg.startsWith('-') && extname(arg).toLowerCase() === '.sqlite') found = arg;
  }
  return found;
}

/** Opens the workspace host (creating, migrating and seeding the first workspace as needed), or returns why it could not. */
export function openWorkspaceHost(location: { root: string; id: string }): { host: WorkspaceHost } | { error: string } {
  try {
    return { host: new WorkspaceHost({ root: location.root, initial: location.id, coreOptions: { host: { kind: 'electron' } } }) };
  } catch (err) {
    // e.g. WORKSPACE_TOO_NEW: the core's message already says what to do.
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** The folder name of `file` when it is the workspace file of a folder directly under `root`. */
export function workspaceIdOf(root: string, file: string): string | undefined {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  const rel = relative(real(root), real(file));
  const parts = rel.split(sep);
  return parts.length === 2 && parts[1] === WORKSPACE_FILE && parts[0] && !parts[0].startsWith('.') ? parts[0] : undefined;
}

/**
 * Opens a workspace file: one of the host's own workspaces is switched to; any other file is imported
 * as a copy (migrated to this build; the original is never written) and then opened.
 */
export async function openWorkspaceFile(host: WorkspaceHost, file: string): Promise<{ workspace: WorkspaceSummary; imported: boolean }> {
  const path = resolve(file);
  const own = workspaceIdOf(host.root, path);
  if (own) return { workspace: await host.switchTo(own), imported: false };
  const copy = host.importFile(path);
  return { workspace: await host.switchTo(copy.id), imported: true };
}

