// What the application menu's items do: the host's workspace operations behind native open and save
// dialogs, the local API's start and stop, the API reference. Every failure is shown in a dialog.
import { join } from 'node:path';
import type { BrowserWindow, Dialog, OpenDialogOptions, SaveDialogOptions, Shell } from 'electron';
import type { WorkspaceHost } from '../core/host/workspaces';
import { slugOf } from '../core/host/workspaces';
import type { ApiServerControl } from './api-server';
import type { MenuCommands } from './menu';
import { openWorkspaceFile } from './workspace';

/** The console route of the API reference (the renderer's hash router). */
export const API_REFERENCE_ROUTE = '/api/reference';

/** What the commands need from Electron and the app (injected, so tests pass mocks). */
export interface CommandDeps {
  host: WorkspaceHost;
  api: ApiServerControl;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'showErrorBox'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  window: () => BrowserWindow | null;
  /** Shows a route of the console in the main window. */
  showRoute: (route: string) => void;
  /** The folder the save dialog starts in (the user's documents). */
  documentsDir: () => string;
  /** Local time stamp for generated names (injected so tests are stable). */
  now?: () => Date;
}

const WORKSPACE_FILTERS = [{ name: 'Payments Console workspace', extensions: ['sqlite'] }];

/** `2026-11-24 03-41-07`: a stamp that sorts and is valid in file and snapshot names. */
function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** The menu's commands over the host's open workspace. */
export function createCommands(deps: CommandDeps): MenuCommands & { openFile(path: string): Promise<unknown> } {
  const now = deps.now ?? (() => new Date());
  const fail = (title: string) => (err: unknown) => {
    deps.dialog.showErrorBox(title, err instanceof Error ? err.message : String(err));
    return undefined;
  };
  const info = (message: string, detail?: string) => {
    const win = deps.window();
    const options = { type: 'info' as const, message, detail, buttons: ['OK'] };
    return win ? deps.dialog.showMessageBox(win, options) : deps.dialog.showMessageBox(options);
  };
  const pickFile = async (options: OpenDialogOptions): Promise<string | undefined> => {
    const win = deps.window();
    const r = win ? await deps.dialog.showOpenDialog(win, options) : await deps.dialog.showOpenDialog(options);
    return r.canceled ? undefined : r.filePaths[0];
  };
  const pickTarget = async (options: SaveDialogOptions): Promise<string | undefined> => {
    const win = deps.window();
    const r = win ? await deps.dialog.showSaveDialog(win, options) : await deps.dialog.showSaveDialog(options);
    return r.canceled || !r.filePath ? undefined : r.filePath;
  };
  const openFile = (path: string) =>
    openWorkspaceFile(deps.host, path)
      .then(async (r) => {
        if (r.imported) await info(`Opened a copy of ${path}`, `The copy is the workspace "${r.workspace.name}" in ${r.workspace.dir}; the original file is left as it was.`);
        return r;
      })
      .catch(fail('The workspace file could not be opened'));

  return {
    openFile,
    newWorkspace: () =>
      (async () => {
        const taken = new Set(deps.host.list().map((w) => w.name));
        let n = 1;
        while (taken.has(`Workspace ${n}`)) n++;
        const created = deps.host.create(`Workspace ${n}`);
        return deps.host.switchTo(created.id);
      })().catch(fail('The workspace could not be created')),
    openWorkspace: async () => {
      const path = await pickFile({ title: 'Open a workspace file', filters: WORKSPACE_FILTERS, properties: ['openFile'] });
      return path ? openFile(path) : undefined;
    },
    switchWorkspace: (id) => deps.host.switchTo(id).catch(fail('The workspace could not be opened')),
    snapshotWorkspace: () =>
      (async () => {
        const snapshot = deps.host.core.files.take(`snapshot-${stamp(now())}`, 'Taken from the menu');
        await info(`Snapshot "${snapshot.name}" taken`, 'Restore it from the Workspaces screen.');
        return snapshot;
      })().catch(fail('The snapshot could not be taken')),
    exportWorkspace: async () => {
      const current = deps.host.list().find((w) => w.current);
      const path = await pickTarget({
        title: 'Export the workspace',
        defaultPath: join(deps.documentsDir(), `${slugOf(current?.name ?? 'workspace')}-${stamp(now())}.sqlite`),
        filters: WORKSPACE_FILTERS,
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      if (!path) return undefined;
      return deps.host.core.files.exportTo(path).then(async (r) => {
        await info(`Workspace exported to ${r.path}`);
        return r;
      }, fail('The workspace could not be exported'));
    },
    importWorkspace: async () => {
      const path = await pickFile({ title: 'Import a workspace file', filters: WORKSPACE_FILTERS, properties: ['openFile'] });
      if (!path) return undefined;
      try {
        const imported = deps.host.importFile(path);
        const win = deps.window();
        const question = { type: 'question' as const, message: `Imported as the workspace "${imported.name}"`, buttons: ['Open it now', 'Keep the current workspace'], defaultId: 0, cancelId: 1 };
        const answer = win ? await deps.dialog.showMessageBox(win, question) : await deps.dialog.showMessageBox(question);
        return answer.response === 0 ? await deps.host.switchTo(imported.id) : imported;
      } catch (err) {
        return fail('The workspace file could not be imported')(err);
      }
    },
    revealWorkspaceFile: () => deps.shell.showItemInFolder(deps.host.core.workspace.dbPath),
    startApi: () => deps.api.start().catch(fail('The local API could not start')),
    stopApi: () => deps.api.stop().catch(fail('The local API could not stop')),
    openApiReference: () => deps.showRoute(API_REFERENCE_ROUTE),
  };
}
