import { ConsoleError, responseError, toConsoleError, type ApiRequest, type ApiResponse } from '../api/client';
import { decodeJwt, decodeStamp, stamp, type Stamp } from './wallet-crypto';

/**
 * The step engine of the Wallet auth rehearsal. A flow is a list of steps the console runs as the
 * wallet's client; each step does at most one API call and records what it sent, what came back, and
 * the client-side work in between (keys made, bundles sealed, payloads stamped), so the step list can
 * show every byte that mattered.
 */

/** Where a step stands. */
export type StepState = 'pending' | 'running' | 'done' | 'failed';

/** One API call as sent and answered. */
export interface StepExchange {
  method: ApiRequest['method'];
  path: string;
  query?: ApiRequest['query'];
  headers?: Record<string, string>;
  body?: unknown;
  status?: number;
  response?: unknown;
}

/** A stamp the client made: the exact payload signed, the header value and the header decoded. */
export interface StepStamp {
  payload: string;
  header: string;
  decoded: Stamp | undefined;
  /** Which held key signed it, e.g. `Session:… (EMAIL_OTP)` or `TEK`. */
  signer: string;
}

/** A value the step shows beside its call (a decoded bundle, token claims, a public key). */
export interface StepShown {
  label: string;
  value: unknown;
}

/** A step as the list shows it. */
export interface StepRecord {
  title: string;
  /** Who acts: the client alone, or the client calling the API. */
  actor: 'client' | 'api';
  state: StepState;
  exchange?: StepExchange;
  stamp?: StepStamp;
  shown: StepShown[];
  error?: { code: string; message: string; status: number };
}

/** What a step may do while it runs; every call and stamp lands in its record. */
export interface StepTools {
  /** Calls the API; throws (recording the error body) on >= 400 or on a status outside `expect`. */
  send(request: ApiRequest, expect?: readonly number[]): Promise<ApiResponse>;
  /** Stamps `payload` with a private key (hex) and records the payload, the header and its decoding. */
  stamp(payload: string, privateKeyHex: string, signer: string): string;
  /** Adds a value to show with the step. */
  show(label: string, value: unknown): void;
}

/** One step of a flow. */
export interface FlowStep {
  title: string;
  actor: 'client' | 'api';
  run(tools: StepTools): Promise<void>;
}

/** A flow the console can rehearse. */
export interface FlowDefinition {
  /** Stable id, e.g. `email-otp`, used for test ids and to know which flow is open. */
  id: string;
  title: string;
  /** One line on what the flow proves. */
  summary: string;
  steps: FlowStep[];
  /** Whether the flow reads the OTP code input. */
  needsCode?: boolean;
}

/** The API transport a run uses (the console's `apiExchange`, or a fake in tests). */
export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The blank records of a flow, one per step. */
export function blankRecords(def: FlowDefinition): StepRecord[] {
  return def.steps.map((s) => ({ title: s.title, actor: s.actor, state: 'pending', shown: [] }));
}

/** An error raised by the client side of a flow (no API call failed), with a stable code. */
export function clientError(code: string, message: string): ConsoleError {
  return new ConsoleError(code, message, 0);
}

/**
 * Runs one step, writing into `record` (pass a reactive record to watch it fill). Resolves to null
 * when the step succeeded, or to the error that stopped it.
 */
export async function runStep(step: FlowStep, record: StepRecord, transport: Transport): Promise<ConsoleError | null> {
  record.state = 'running';
  record.shown = [];
  delete record.error;
  const tools: StepTools = {
    async send(request, expect) {
      // Shown as a person reads it: `AuthMethod:…`, not the percent-encoded form the client sends.
      const exchange: StepExchange = { method: request.method, path: readablePath(request.path) };
      if (request.query) exchange.query = request.query;
      if (request.headers) exchange.headers = request.headers;
      if (request.body !== undefined) exchange.body = request.body;
      record.exchange = exchange;
      const res = await transport(request);
      record.exchange = { ...exchange, status: res.status, response: res.body };
      if (res.status >= 400) throw responseError(res);
      if (expect && !expect.includes(res.status)) throw clientError('UNEXPECTED_STATUS', `Expected ${expect.join(' or ')}, the API answered ${res.status}`);
      return res;
    },
    stamp(payload, privateKeyHex, signer) {
      const header = stamp(payload, privateKeyHex);
      record.stamp = { payload, header, decoded: decodeStamp(header), signer };
      return header;
    },
    show(label, value) {
      record.shown = [...record.shown, { label, value }];
    },
  };
  try {
    await step.run(tools);
    record.state = 'done';
    return null;
  } catch (err) {
    const e = toConsoleError(err);
    record.state = 'failed';
    record.error = { code: e.code, message: e.message, status: e.status };
    return e;
  }
}

/** The 202 answer of a signed action's first leg. */
export interface SignedChallenge {
  type: string;
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

/** Reads a 202 body as a signed-retry challenge (throws when a field is missing). */
export function signedChallenge(body: unknown): SignedChallenge {
  const b = (body ?? {}) as Partial<SignedChallenge>;
  if (typeof b.payloadToSign !== 'string' || typeof b.requestId !== 'string') throw clientError('UNEXPECTED_BODY', 'The 202 answer carries no payloadToSign and requestId');
  return { type: String(b.type ?? ''), payloadToSign: b.payloadToSign, requestId: b.requestId, expiresAt: String(b.expiresAt ?? '') };
}

/** The key that stamps a signed retry, with how the step list names it. */
export interface Signer {
  privateKey: string;
  label: string;
}

/**
 * The two steps of the signed-retry exchange: the request without signature headers (202 with
 * payloadToSign), then the same request repeated with `Svc-Wallet-Signature` and `Request-Id`.
 * `request` and `signer` are read when their step runs, so earlier steps can prepare them.
 */
export function signedSteps(
  title: string,
  request: () => ApiRequest,
  signer: () => Signer,
  done: (res: ApiResponse, tools: StepTools) => Promise<void> | void,
  expect: readonly number[] = [200, 201, 204],
): FlowStep[] {
  let first: ApiRequest | undefined;
  let challenge: SignedChallenge | undefined;
  return [
    {
      title: `${title}: expect 202 with payloadToSign`, actor: 'api',
      async run(t) {
        first = request();
        challenge = signedChallenge((await t.send(first, [202])).body);
        // OTP verification signs a JWT-shaped verification token: show what it binds.
        const jwt = decodeJwt(challenge.payloadToSign);
        if (jwt) t.show('payloadToSign decoded (a JWT-shaped verification token)', jwt);
      },
    },
    {
      title: 'Stamp payloadToSign; repeat the request with Svc-Wallet-Signature and Request-Id', actor: 'api',
      async run(t) {
        if (!first || !challenge) throw clientError('STEP_ORDER', 'Run the first leg before the retry');
        const key = signer();
        const header = t.stamp(challenge.payloadToSign, key.privateKey, key.label);
        const res = await t.send({ ...first, headers: { ...first.headers, 'Svc-Wallet-Signature': header, 'Request-Id': challenge.requestId } }, expect);
        await done(res, t);
      },
    },
  ];
}
