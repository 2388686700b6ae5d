/** One workspace folder as the Workspaces screen lists it. */
export interface WorkspaceSummary {
  /** The folder name: stable, used in `--workspace NAME` and by the switcher. */
  id: string;
  /** The display name (set by rename); the folder name until then. */
  name: string;
  dir: string;
  current: boolean;
  sizeBytes: number;
  modifiedAt: string;
  snapshots: number;
  /** Why the workspace cannot be opened (a newer build wrote it, the file is damaged), if so. */
  problem: string | null;
}

/**
 * The host's side of workspaces: which folders exist and which one is open. The host (the `serve`
 * process, the desktop app) owns the open core, so switching closes one core and opens another there;
 * the core only asks through this port. Absent when the core runs without a host (tests, examples).
 */
export interface WorkspaceDirectory {
  /** The folder holding every workspace folder. */
  root: string;
  list(): WorkspaceSummary[];
  create(name: string): WorkspaceSummary;
  /** Opens another workspace in place of the current one; the console then reloads. */
  switchTo(id: string): Promise<WorkspaceSummary>;
  rename(id: string, name: string): WorkspaceSummary;
  duplicate(id: string, name: string): WorkspaceSummary;
  remove(id: string): void;
  /** Creates a workspace from an exported file (migrated on open). */
  importFile(path: string, name?: string): WorkspaceSummary;
}
