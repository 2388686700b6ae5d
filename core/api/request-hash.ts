import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { rawBody } from './validate';
import type { ApiBindings, ApiVariables } from './types';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Bodies larger than this are hashed as raw bytes, not parsed (the route refuses them with its 413 anyway). */
const MAX_PARSED_FORM_BYTES = 11 * 1024 * 1024;

/**
 * What makes two requests "the same" for an `Idempotency-Key`. A JSON or text body is compared as its
 * text. A multipart body is compared by its content (fields, file names, types and file bytes) and not
 * by its raw bytes: every client draws a fresh random boundary for each send, so the raw bytes of a
 * retried upload never match, and reading binary file bytes as text would blur two different files.
 */
export async function requestHash(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return sha256(await rawBody(c));
  const declared = Number(c.req.header('content-length'));
  // Read as bytes first: Hono then derives any later read (the route's own) from these exact bytes.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if ((Number.isFinite(declared) && declared > MAX_PARSED_FORM_BYTES) || bytes.byteLength > MAX_PARSED_FORM_BYTES) return sha256(bytes);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    // Unreadable: the route answers its 400; the raw bytes are as good a fingerprint as any.
    return sha256(bytes);
  }
  const parts: unknown[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push([name, value]);
    else parts.push([name, { fileName: value.name, type: value.type, sha256: sha256(new Uint8Array(await value.arrayBuffer())) }]);
  }
  return sha256(`multipart/form-data\n${JSON.stringify(parts)}`);
}
