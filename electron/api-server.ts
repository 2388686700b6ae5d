// The desktop app also serves the REST API on 127.0.0.1, so integration code, curl or an SDK can use
// the local sandbox while the console shows what happens.
import type { Core } from '../core/index';
import { API_BASE } from '../core/index';
import { startLoopbackServer, type LoopbackServer } from '../core/host/server';

/** The port the desktop app tries first (the same default as `serve`). */
export const DEFAULT_API_PORT = 4100;

/** The value of `--port N` or `--port=N` in argv, if present and valid. */
export function portFromArgv(argv: readonly string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg === '--port' ? argv[i + 1] : arg?.startsWith('--port=') ? arg.slice('--port='.length) : undefined;
    if (value !== undefined) {
      const n = Number(value);
      return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
    }
  }
  return undefined;
}

/**
 * Starts the API on 127.0.0.1 (the port from --port, else 4100, else any free port when that one is
 * taken) and tells the core its address for the Overview. The console itself keeps using IPC.
 */
export async function startApiServer(core: Core, argv: readonly string[]): Promise<LoopbackServer> {
  const wanted = portFromArgv(argv) ?? DEFAULT_API_PORT;
  let server: LoopbackServer;
  try {
    server = await startLoopbackServer({ core, port: wanted });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw err;
    server = await startLoopbackServer({ core, port: 0 });
  }
  core.setHost({ kind: 'electron', origin: server.origin });
  console.log(`API ${server.origin}${API_BASE}`);
  return server;
}
