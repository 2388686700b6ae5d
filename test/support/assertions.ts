// Assertions on the spec's error object, shared by the API suites.
import { expect } from 'vitest';
import type { ApiResult } from './api-client';

/** The response is the spec's flat error object with this status and code, its `status` field equal to the HTTP status. */
export function expectError(r: ApiResult, status: number, code: string): void {
  expect({ status: r.status, code: (r.body as { code?: unknown } | null)?.code }, r.text).toEqual({ status, code });
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.body).toMatchObject({ status, code, message: expect.any(String) });
  expect((r.body as { message: string }).message.length).toBeGreaterThan(0);
}

/** The response is 400 INVALID_INPUT whose message and details.errors[].field name `field`. */
export function expectInvalidField(r: ApiResult, field: string): void {
  expectError(r, 400, 'INVALID_INPUT');
  const body = r.body as { message: string; details?: { errors?: { field: string }[] } };
  expect(body.message, r.text).toContain(field);
  expect((body.details?.errors ?? []).map((e) => e.field), r.text).toContain(field);
}

/** A client error of any kind, never a 5xx. */
export function expectClientError(r: ApiResult, context: string): void {
  expect(r.status, `${context}: ${r.text}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${context}: ${r.text}`).toBeLessThan(500);
  expect(r.body, context).toMatchObject({ status: r.status, code: expect.any(String), message: expect.any(String) });
}
