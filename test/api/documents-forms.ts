// Multipart helpers shared by the document API tests: a form with a file, sent with the seeded credentials.
import { checkAgainstContract } from '../support/contract-check';
import type { World } from '../support/money-path';
import { type ApiResult } from '../support/api-client';

/** A tiny PDF (its first bytes are what the upload checks). */
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** Another PDF, different bytes, same length class. */
export const OTHER_PDF = new TextEncoder().encode('%PDF-1.4\n2 0 obj << /Other true >> endobj\ntrailer << >>\n%%EOF\n');

/** Sends a multipart form (or any raw body) with the seeded credentials, checked against the contract like every API test. */
export async function send(w: World, method: string, path: string, body: FormData | string, headers: Record<string, string> = {}): Promise<ApiResult> {
  const res = await fetch(`${w.api.base}${path}`, { method, headers: { authorization: w.api.auth, ...headers }, body });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  checkAgainstContract(method, `${w.api.base}${path}`, res.status, parsed, text);
  return { status: res.status, body: parsed, text, headers: res.headers } as ApiResult;
}

/** A multipart form of text fields and, optionally, a `file` part. */
export function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  return f;
}
