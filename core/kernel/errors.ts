/** The spec's error object, as sent on the wire. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  /** For authentication failures: the check that failed (also in details.reason). */
  reason?: string;
  details?: Record<string, unknown>;
}

/** The rule a field broke, as upstream's contract shapes it (`FieldConstraint`): only the keys that apply. */
export interface FieldConstraint {
  format?: string;
  pattern?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
}

/** One field-level problem, reported in `details.errors` of a 400 (upstream's shape). */
export interface FieldError {
  field: string;
  message: string;
  constraint?: FieldConstraint;
}

/** The single error type of the core: every failure the API or console reports is one of these. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  /** The wire form (flat, not wrapped), identical over HTTP and IPC. */
  toBody(): ErrorBody {
    const body: ErrorBody = { status: this.status, code: this.code, message: this.message };
    if (typeof this.details?.['reason'] === 'string') body.reason = this.details['reason'];
    if (this.details && Object.keys(this.details).length > 0) body.details = this.details;
    return body;
  }
}

/** 400 INVALID_INPUT naming the offending field(s). */
export function invalidInput(field: string, message: string, more: FieldError[] = []): ServiceError {
  const errors = [{ field, message }, ...more];
  return new ServiceError(400, 'INVALID_INPUT', `${field}: ${message}`, { errors });
}

/** 404 with one of the spec's not-found codes. */
export function notFound(code: string, message: string): ServiceError {
  return new ServiceError(404, code, message);
}

/** 409 for a request that conflicts with the stored state. */
export function conflict(message: string, code = 'CONFLICT', details?: Record<string, unknown>): ServiceError {
  return new ServiceError(409, code, message, details);
}

/** 401 UNAUTHORIZED (or another 401 code) with a `reason` naming the failed check. */
export function unauthorized(reason: string, code = 'UNAUTHORIZED'): ServiceError {
  return new ServiceError(401, code, reason, { reason });
}

/** 403 FORBIDDEN: authenticated but not allowed. */
export function forbidden(message: string): ServiceError {
  return new ServiceError(403, 'FORBIDDEN', message);
}

/**
 * The refusal for a write the disk holding the workspace could not take, or undefined when `err` is not
 * one: SQLITE_FULL (the volume is full) is 507 INSUFFICIENT_STORAGE; a disk I/O error (SQLITE_IOERR_*,
 * which a full volume also causes, e.g. when the WAL's index cannot grow) is 503 STORAGE_UNAVAILABLE.
 * `outcome` says what became of the change (by default: nothing of it was kept).
 */
export function storageError(err: unknown, outcome = 'nothing of this request was kept'): ServiceError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'SQLITE_FULL') {
    return new ServiceError(507, 'INSUFFICIENT_STORAGE', `The disk holding the workspace is full, so ${outcome}. Free space on it, then retry (reads keep working meanwhile)`, { sqliteCode: code });
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new ServiceError(503, 'STORAGE_UNAVAILABLE', `The disk holding the workspace refused a write (a disk I/O error: it is full or failing), so ${outcome}. Free space on it or check it, then retry`, { sqliteCode: code });
  }
  return undefined;
}

/** Any thrown value as a ServiceError; unknown failures become 500 INTERNAL_ERROR without leaking internals. */
export function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  return storageError(err) ?? new ServiceError(500, 'INTERNAL_ERROR', 'Internal error: the request could not be completed');
}
