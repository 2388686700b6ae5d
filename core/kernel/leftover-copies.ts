// A whole-file copy (snapshot, export, restore's migrated copy) is written to `.<target>.<12 hex>.tmp`
// beside its target and renamed when complete (workspace-file.ts, tempBeside). A process killed during
// the copy leaves that file, up to the workspace's size, and nothing else ever would remove it.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The name of an unfinished copy of an .sqlite file (and SQLite's own files beside it), as tempBeside makes it. */
export const LEFTOVER_COPY = /^\..+\.sqlite\.[0-9a-f]{12}\.tmp(?:-wal|-shm|-journal)?$/;

/** What a sweep removed. */
export interface SweptCopies {
  files: string[];
  bytes: number;
}

/**
 * Removes the unfinished copies left in a workspace's own folders (its folder and its snapshots) by a
 * process killed while copying. Call it only while holding the workspace's lock (workspace-lock.ts): its
 * holder is the only process that writes copies there, so no file removed here is still being written.
 * Only names of that exact pattern go; anything else in the folders stays.
 */
export function sweepLeftoverCopies(dbPath: string): SweptCopies {
  const swept: SweptCopies = { files: [], bytes: 0 };
  const folder = dirname(dbPath);
  for (const dir of [folder, join(folder, 'snapshots')]) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile() || !LEFTOVER_COPY.test(entry.name)) continue;
      const file = join(dir, entry.name);
      try {
        swept.bytes += statSync(file).size;
        rmSync(file, { force: true });
        swept.files.push(file);
      } catch (err) {
        // A leftover that cannot go now (permissions, a read-only folder) is tried again at the next open.
        console.error(`[workspace] a leftover copy could not be removed (${file}): ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return swept;
}
