// Where the workspace lives, and opening it with an error the user can read.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../core/index';

/** The value of `--data-dir DIR` or `--data-dir=DIR` in argv, if present. */
export function dataDirFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--data-dir') return argv[i + 1] || undefined;
    if (arg?.startsWith('--data-dir=')) return arg.slice('--data-dir='.length) || undefined;
  }
  return undefined;
}

/** The workspace folder: `--data-dir` when given, else `<userData>/workspaces/default`. */
export function workspaceDir(userData: string, argv: readonly string[]): string {
  return dataDirFromArgv(argv) ?? join(userData, 'workspaces', 'default');
}

/** Opens (creating, migrating and seeding as needed) the workspace in `dir`, or returns why it could not. */
export function openWorkspace(dir: string): { core: Core } | { error: string } {
  try {
    mkdirSync(dir, { recursive: true });
    return { core: createCore({ dataDir: dir, host: { kind: 'electron' } }) };
  } catch (err) {
    // e.g. WORKSPACE_TOO_NEW: the core's message already says what to do.
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
