/** The spec's error object, as sent on the wire. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  /** For authentication failures: the check that failed (also in details.reason). */
  reason?: string;
  details?: Record<string, unknown>;
}

/** One field-level problem, reported in `details.errors` of a 400 (upstream's shape). */
export interface FieldError {
  field: string;
  message: string;
  constraint?: string;
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

/** Any thrown value as a ServiceError; unknown failures become 500 INTERNAL_ERROR without leaking internals. */
export function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  return new ServiceError(500, 'INTERNAL_ERROR', 'Internal error: the request could not be completed');
}
