import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore, API_BASE } from '../index';
import { defaultDataDir } from './paths';
import { startLoopbackServer } from './server';

const HELP = `Usage: serve [--port N] [--data-dir DIR] [--clock real|frozen] [--console-dir DIR]

Runs the service core over a workspace and serves the API and the console on 127.0.0.1.
  --port N          port to listen on (default 4100; 0 picks a free port)
  --data-dir DIR    workspace folder (default: ${defaultDataDir()})
  --clock MODE      start the workspace clock frozen (test clock) or real (default: as stored)
  --console-dir DIR built console to serve (default: dist/renderer next to this program)
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
      clock: { type: 'string' },
      'console-dir': { type: 'string' },
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
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const id = process.env['SVC_CLIENT_ID'];
  const secret = process.env['SVC_CLIENT_SECRET'];
  if ((id && !secret) || (!id && secret)) throw new Error('Set both SVC_CLIENT_ID and SVC_CLIENT_SECRET, or neither');

  const core = createCore({
    dataDir,
    clock: values.clock ? { mode: values.clock === 'frozen' ? 'FROZEN' : 'REAL' } : undefined,
    seed: { credentials: id && secret ? { clientId: id, clientSecret: secret } : undefined },
    host: { kind: 'serve' },
  });
  const consoleRoot = consoleRootFrom(values['console-dir']);
  const server = await startLoopbackServer({ core, port, consoleRoot });
  core.setHost({ kind: 'serve', origin: server.origin });

  console.log(`Workspace ${core.workspace.dbPath} (${core.workspace.created ? 'created and seeded' : 'opened'})`);
  console.log(`API ${server.origin}${API_BASE}`);
  console.log(`Console ${server.consoleUrl}`);
  const creds = core.workspace.initialCredentials;
  if (creds) {
    console.log(`Client id ${creds.clientId}`);
    console.log(`Client secret ${creds.clientSecret}  (shown once; it is stored only as a hash)`);
    console.log(`Try: curl -u '${creds.clientId}:${creds.clientSecret}' ${server.origin}${API_BASE}/customers`);
  }
  if (!consoleRoot) console.log('The console is not built (run `npm run build`); only the API is served.');

  const stop = async () => {
    await server.close();
    core.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`serve: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
