import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKernel } from './kernel/kernel';
import type { ClockOptions } from './kernel/clock';
import type { EventListener } from './kernel/events';
import type { RequestLogRetention } from './kernel/request-log';
import { createServices, type Services } from './services';
import { seedWorkspace, type SeedCredentials, type SeedOptions } from './seed';
import { createApiApp } from './api/app';
import { commitFailed, createApiHandler, type ApiHandler } from './api/handler';
import { API_BASE } from './api/types';
import { collectExamples } from './api/examples';
import type { Examples } from './api/openapi';
import { apiContract } from './api-contract';
import { WorkspaceService } from './workspaces/service';
import type { WorkspaceDirectory } from './workspaces/ports';
import { buildConsoleHandlers, type ConsoleHandlers } from './console/handlers';
import { servedRoutes, type AreaEnv } from './area';
import { AREAS } from './areas';
import { dispatch, type BridgeResult } from './api/console-handler';
import { apiRequestPath, type ApiRequest, type ApiResponse } from './console/api-request';
import { apiUploadSchema, MAX_BRIDGE_UPLOAD_BYTES, uploadForm } from './console/upload';
import type { HostInfo, WorkspaceRuntime } from './console/workspace';
import { scenarioTargets } from './scenarios/targets';

/** Everything `createCore` needs; nothing is read from globals. */
export interface CoreOptions {
  /** Folder holding the workspace file `workspace.sqlite` (ignored when `dbPath` is given). */
  dataDir?: string;
  /** Exact database path (`:memory:` is allowed for throwaway cores). */
  dbPath?: string;
  clock?: ClockOptions;
  /** Seeding of a new workspace; `false` leaves a new workspace empty (no platform, no token). */
  seed?: SeedOptions | false;
  host?: HostInfo;
  requestLogRetention?: RequestLogRetention;
  /** When WAL checkpoints move to a worker thread after opening (default 2 s; negative: never). */
  backgroundCheckpointsAfterMs?: number;
  /** The host's workspace folders and switching between them (the console's Workspaces screen). */
  workspaces?: WorkspaceDirectory;
  /** The largest JSON request body the API reads (default 1 MB); uploads keep their own limits. Larger is 413. */
  maxBodyBytes?: number;
}

/** A running service core over one workspace. */
export interface Core {
  /** The REST API as a fetch-style handler (HTTP server and IPC both call this). */
  api: ApiHandler;
  /** Calls the API as the console (no Basic auth; logged with source CONSOLE, as `options.caller` when given, else "console"). */
  callApi(request: ApiRequest, options?: { caller?: string }): Promise<ApiResponse>;
  /** Runs a console handler by name; errors come back as data. */
  invoke(name: string, input: unknown): Promise<BridgeResult<unknown>>;
  /** Names of every console handler (the IPC layer refuses others). */
  handlerNames: readonly string[];
  /** Subscribes to committed domain events. */
  onEvent(listener: EventListener): () => void;
  /** Area services, for hosts and tests that need them directly. */
  services: Services;
  workspace: { dbPath: string; created: boolean; initialCredentials: SeedCredentials | undefined };
  /** Snapshots, restore, reset and export of this workspace. */
  files: WorkspaceService;
  /** Tells the core where it is served (shown on the Overview). */
  setHost(host: HostInfo): void;
  close(): void;
}

/**
 * The document's response examples, read from a throwaway seeded workspace in memory so that they
 * show a newcomer's data (never this workspace's customers) and are always real answers of this code.
 */
async function seededExamples(): Promise<Examples> {
  const example = createCore({ dbPath: ':memory:', clock: { mode: 'FROZEN', frozenAt: '2026-01-01T09:00:00.000Z' } });
  try {
    return await collectExamples(apiContract, async (path) => {
      const r = await example.callApi({ method: 'GET', path });
      return { status: r.status, body: r.body };
    });
  } finally {
    example.close();
  }
}

/** Creates a core over a workspace file, migrating it and seeding it when new. */
export function createCore(options: CoreOptions): Core {
  const dbPath = options.dbPath ?? join(options.dataDir ?? '.', 'workspace.sqlite');
  const isNewFile = dbPath === ':memory:' || !existsSync(dbPath);
  const kernel = createKernel({ dbPath, clock: options.clock, requestLogRetention: options.requestLogRetention, backgroundCheckpointsAfterMs: options.backgroundCheckpointsAfterMs, holder: options.host?.kind });
  let started: Services | undefined;
  try {
    const services = createServices(kernel);
    started = services;
    const hasPlatform = services.platform.exists();
    let initialCredentials: SeedCredentials | undefined;
    const files = new WorkspaceService(kernel, dbPath, (path) => createCore({ dbPath: path }).close());
    if (!hasPlatform && options.seed !== false) {
      initialCredentials = seedWorkspace(services, options.seed ?? {});
      files.keepSeedState(); // what `reset` returns to
    }
    const runtime: WorkspaceRuntime = { dbPath, host: options.host ?? { kind: 'test' }, initialCredentials, files, directory: options.workspaces };

    let examples: Promise<Examples> | undefined;
    const documentSource = async () => ({ origin: runtime.host.origin, examples: await (examples ??= seededExamples()) });
    // Basic goes to API tokens, Bearer to agents' access tokens; each route admits only its own kind.
    const authenticator = { authenticate: (h: string | undefined) => (h && /^Bearer\s/i.test(h.trim()) ? services.agents.authenticate(h) : services.tokens.authenticate(h)), tokenPrincipal: (id: string) => services.tokens.tokenPrincipal(id) };
    // Every area's routes and interceptors, in the order of core/areas.ts (which says why order matters).
    const env: AreaEnv = { services, runtime };
    const routes = AREAS.flatMap((area) => servedRoutes(area, env));
    const app = createApiApp(kernel, authenticator, routes, documentSource, { maxBodyBytes: options.maxBodyBytes, interceptors: AREAS.flatMap((area) => area.interceptors(env)) });
    const api = createApiHandler(kernel, app);
    const handlers: ConsoleHandlers = buildConsoleHandlers(env);
    kernel.scheduler.runDue();

    const core: Core = {
      api,
      services,
      files,
      handlerNames: Object.keys(handlers),
      workspace: { dbPath, created: isNewFile || !hasPlatform, initialCredentials },
      async invoke(name, input) {
        const failedBefore = kernel.groupStats().failures;
        const result = await dispatch(handlers, name, input);
        // A console action made while API calls were in flight joined their group commit: answer once it is stored.
        try {
          await kernel.durable(failedBefore);
        } catch (err) {
          return { ok: false, error: commitFailed(err).toBody() };
        }
        return result;
      },
      async callApi(req, callOptions) {
        const headers = new Headers(req.headers);
        let body: string | FormData | undefined;
        // A string with its own content type (a CSV upload) goes as it is; an upload goes as multipart; anything else is JSON.
        if (req.upload) {
          const upload = apiUploadSchema.safeParse(req.upload);
          if (!upload.success) {
            const issue = upload.error.issues[0];
            const tooBig = issue?.code === 'too_big';
            const error = tooBig
              ? { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `The file is larger than the ${MAX_BRIDGE_UPLOAD_BYTES / 1024 / 1024} MB the console can send`, details: { limitBytes: MAX_BRIDGE_UPLOAD_BYTES } }
              : { status: 400, code: 'INVALID_INPUT', message: `upload.${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}` };
            return { status: error.status, headers: { 'content-type': 'application/json' }, body: error };
          }
          body = uploadForm(upload.data);
          headers.delete('content-type');
        } else if (typeof req.body === 'string' && headers.has('content-type')) {
          body = req.body;
        } else if (req.body !== undefined) {
          body = JSON.stringify(req.body);
          headers.set('content-type', 'application/json');
        }
        const url = `http://console.internal${apiRequestPath(API_BASE, req)}`;
        const res = await api.fetch(new Request(url, { method: req.method, headers, body }), { consoleCall: true, caller: callOptions?.caller, asToken: req.asToken });
        const text = await res.text();
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        return { status: res.status, headers: Object.fromEntries(res.headers), body: parsed };
      },
      onEvent: (listener) => kernel.events.subscribe(listener, { notices: true }),
      setHost(host) {
        runtime.host = host;
        if (host.origin) services.hostOrigins.splice(0, services.hostOrigins.length, host.origin, host.origin.replace('127.0.0.1', 'localhost'));
      },
      close: () => {
        services.webhooks.deliveries.close();
        kernel.close();
      },
    };
    // Scenarios run through the same console path as the screens' own calls.
    runtime.callApi = (req) => core.callApi(req as ApiRequest);
    runtime.scenarioTargets = scenarioTargets(core, (path) => createCore({ dbPath: path, seed: false, backgroundCheckpointsAfterMs: -1, host: { kind: runtime.host.kind } }));
    return core;
  } catch (err) {
    // The webhook sender starts with the services; stop it before the database it reads is closed.
    started?.webhooks.deliveries.close();
    kernel.close();
    throw err;
  }
}

/** What hosts and the renderer import from the core's entry point: the console contract, bridge types and API version. */
export type { ConsoleHandlers, HandlerInput, HandlerName, HandlerOutput } from './console/handlers';
export type { ApiRequest, ApiResponse } from './console/api-request';
export type { ConsoleBridge } from './console/bridge';
export type { BridgeResult } from './api/console-handler';
export type { DomainEvent } from './kernel/events';
export { API_BASE, API_VERSION } from './api/types';
export type { ConsoleLogIdHeader } from './kernel/request-log';
