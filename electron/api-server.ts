// The desktop app also serves the REST API on 127.0.0.1, so integration code, curl or an SDK can use
// the local sandbox while the console shows what happens. The menu starts and stops it.
import { API_BASE } from '../core/index';
import { startLoopbackServer, type LoopbackServer } from '../core/host/server';
import type { WorkspaceHost } from '../core/host/workspaces';

/** The port the desktop app tries first (the same default as `serve`). */
export const DEFAULT_API_PORT = 4100;

/** How long requests in progress get to finish their writes when the API stops. */
export const API_DRAIN_MS = 3000;

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
 * The loopback API of the desktop app. It serves whichever workspace the host has open (a switch needs
 * no restart) and tells the open core its address for the Overview, or that none is served.
 */
export class ApiServerControl {
  private server: LoopbackServer | undefined;
  private starting: Promise<LoopbackServer> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly host: WorkspaceHost, private readonly argv: readonly string[]) {
    this.unsubscribe = host.onSwitch((core) => core.setHost({ kind: 'electron', origin: this.server?.origin }));
  }

  /** The origin served now, if the API runs. */
  get origin(): string | undefined {
    return this.server?.origin;
  }

  /** Hears every start and stop (the menu shows the right item). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the API on 127.0.0.1: the port from --port, else 4100, else any free port when that one is
   * taken. Starting a running API answers its server.
   */
  async start(): Promise<LoopbackServer> {
    if (this.server) return this.server;
    this.starting ??= this.listen().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Stops the API, letting requests in progress finish first; the console keeps working over IPC. */
  async stop(graceMs = API_DRAIN_MS): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.host.core.setHost({ kind: 'electron' });
    this.changed();
    await server.close(graceMs);
    console.log('API stopped');
  }

  /** Stops the API for good (the app is quitting). */
  async dispose(graceMs = API_DRAIN_MS): Promise<void> {
    this.unsubscribe();
    await this.stop(graceMs);
  }

  private async listen(): Promise<LoopbackServer> {
    const wanted = portFromArgv(this.argv) ?? DEFAULT_API_PORT;
    const open = (port: number) => startLoopbackServer({ core: this.host.core, workspaces: this.host, port });
    let server: LoopbackServer;
    try {
      server = await open(wanted);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw err;
      server = await open(0);
    }
    this.server = server;
    this.host.core.setHost({ kind: 'electron', origin: server.origin });
    console.log(`API ${server.origin}${API_BASE}`);
    this.changed();
    return server;
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
