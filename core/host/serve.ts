import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_BASE } from '../index';
import { defaultDataDir } from './paths';
import { parseByteSize } from '../api/body-limit';
import { startLoopbackServer } from './server';
import { splitDataDir, WorkspaceHost } from './workspaces';

/** How long the server's side of a close on a signal may take before serve exits without a clean close. */
const CLOSE_WITHIN_MS = 30_000;

const HELP = `Usage: serve [--port N] [--workspace NAME | --data-dir DIR] [--workspaces-dir DIR] [--reset | --snapshot NAME]
             [--clock real|frozen] [--console-dir DIR] [--max-body SIZE]

Runs the service core over a workspace and serves the API and the console on 127.0.0.1.
  --port N              port to listen on (default 4100; 0 picks a free port)
  --workspace NAME      the workspace folder to open under the workspaces folder (default: default);
                        created and seeded when missing
  --workspaces-dir DIR  the folder holding the workspaces (default: ${dirname(defaultDataDir())})
  --data-dir DIR        open exactly this workspace folder instead (its parent holds the others)
  --reset               reset the workspace to its seeded state before serving (API tokens keep working)
  --snapshot NAME       restore the workspace's snapshot NAME before serving
  --clock MODE          start the workspace clock frozen (test clock) or real (default: as stored)
  --console-dir DIR     built console to serve (default: dist/renderer next to this program)
  --max-body SIZE       largest JSON request body, e.g. 1048576, 512k, 2m (default 1m); larger is 413.
                        File uploads keep their own limits (documents 10 MB, customer CSV 1 MB)
The console's Workspaces screen creates, switches, renames, duplicates, snapshots, exports and imports
workspaces; POST /sandbox/workspace/reset and /sandbox/workspace/snapshots do the same over the API.
Environment: SVC_CLIENT_ID and SVC_CLIENT_SECRET fix the seeded token's credentials when a new workspace is created.`;

function consoleRootFrom(explicit: string | undefined): string | undefined {
  if (explicit) return explicit;
  for (const rel of ['../renderer/', '../../dist/renderer/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir.replace(/\/$/, '');
  }
  return undefined;
}

/** The `serve` command: parses flags, opens (or creates and seeds) the workspace, starts the loopback server. */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4100' },
      'data-dir': { type: 'string' },
      workspace: { type: 'string' },
      'workspaces-dir': { type: 'string' },
      reset: { type: 'boolean' },
      snapshot: { type: 'string' },
      clock: { type: 'string' },
      'console-dir': { type: 'string' },
      'max-body': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  if (values.clock && values.clock !== 'real' && values.clock !== 'frozen') throw new Error('--clock must be "real" or "frozen"');
  if (values['data-dir'] && (values.workspace || values['workspaces-dir'])) throw new Error('--data-dir names one workspace folder: use it without --workspace and --workspaces-dir');
  if (values.reset && values.snapshot) throw new Error('--reset and --snapshot both replace the workspace: give one of them');
  const maxBodyBytes = values['max-body'] === undefined ? undefined : parseByteSize(values['max-body']);
  if (values['max-body'] !== undefined && maxBodyBytes === undefined) throw new Error(`--max-body must be a positive size in bytes, or with k or m (512k, 2m), got "${values['max-body']}"`);
  const { root, id: initial } = values['data-dir']
    ? splitDataDir(resolve(values['data-dir']))
    : { root: resolve(values['workspaces-dir'] ?? dirname(defaultDataDir())), id: values.workspace ?? 'default' };
  const id = process.env['SVC_CLIENT_ID'];
  const secret = process.env['SVC_CLIENT_SECRET'];
  if ((id && !secret) || (!id && secret)) throw new Error('Set both SVC_CLIENT_ID and SVC_CLIENT_SECRET, or neither');

  const workspaces = new WorkspaceHost({
    root,
    initial,
    coreOptions: {
      clock: values.clock ? { mode: values.clock === 'frozen' ? 'FROZEN' : 'REAL' } : undefined,
      seed: { credentials: id && secret ? { clientId: id, clientSecret: secret } : undefined },
      host: { kind: 'serve' },
      maxBodyBytes,
    },
  });
  const core = workspaces.core;
  if (values.reset) core.files.reset();
  if (values.snapshot) core.files.restore(values.snapshot);
  const consoleRoot = consoleRootFrom(values['console-dir']);
  const server = await startLoopbackServer({ core, workspaces, port, consoleRoot, maxBodyBytes });
  core.setHost({ kind: 'serve', origin: server.origin });
  workspaces.onSwitch((next) => {
    next.setHost({ kind: 'serve', origin: server.origin });
    console.log(`Workspace ${next.workspace.dbPath} (switched from the console)`);
  });

  // Before any line is printed: a script that stops serve as soon as it reads a line must get the clean
  // close (connections cut, workspace checkpointed and closed), not the default signal death. `on`, not
  // `once`, and one close: a second signal during the close (npm start forwards every one) must not kill it.
  // The watchdog ends a close whose server side stalls, since further signals no longer can. (The workspace's
  // own close is synchronous and bounded: it waits at most 5 s for the checkpoint worker.)
  let closing: Promise<void> | undefined;
  const stop = () => (closing ??= (async () => {
    setTimeout(() => {
      console.error(`serve: the close did not finish within ${CLOSE_WITHIN_MS / 1000} s; exiting without a clean close`);
      process.exit(1);
    }, CLOSE_WITHIN_MS).unref();
    try {
      await server.close();
      workspaces.close();
    } catch (err) {
      console.error(`serve: the workspace could not be closed cleanly: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    process.exit(0);
  })());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  console.log(`Workspace ${core.workspace.dbPath} (${core.workspace.created ? 'created and seeded' : 'opened'}${values.reset ? ', reset to its seeded state' : ''}${values.snapshot ? `, snapshot ${values.snapshot} restored` : ''})`);
  console.log(`API ${server.origin}${API_BASE}`);
  console.log(`Console ${server.consoleUrl}`);
  const creds = core.workspace.initialCredentials;
  if (creds) {
    console.log(`Client id ${creds.clientId}`);
    console.log(`Client secret ${creds.clientSecret}  (shown once; it is stored only as a hash)`);
    console.log(`Try: curl -u '${creds.clientId}:${creds.clientSecret}' ${server.origin}${API_BASE}/customers`);
  }
  if (!consoleRoot) console.log('The console is not built (run `npm run build`); only the API is served.');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`serve: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
