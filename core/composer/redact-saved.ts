import { isSecretHeader, isSecretKey, redactBody, redactJson, redactPath, REDACTED } from '../kernel/redact';
import type { SavedRequestFields } from './repo';

/** A saved request's fields with every secret replaced, and what was left out, in words for the person who saved it. */
export interface RedactedSave {
  fields: SavedRequestFields;
  leftOut: string[];
}

/** The JSON keys (dotted paths) whose values `redactJson` would replace in a request body. */
function secretKeyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeyPaths(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (isSecretKey(k, 'request') ? [at ? `${at}.${k}` : k] : secretKeyPaths(v, at ? `${at}.${k}` : k)));
}

function redactSavedBody(body: string | null): { body: string | null; leftOut: string[] } {
  if (body === null) return { body, leftOut: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON (a draft with a mistake): kept as typed unless it mentions a secret-looking key, then left out whole.
    const redacted = redactBody(body, Number.MAX_SAFE_INTEGER, 'request');
    return redacted === body ? { body, leftOut: [] } : { body: redacted, leftOut: ['the whole body: it is not valid JSON and names a secret-looking field, so where its value ends cannot be told'] };
  }
  const paths = secretKeyPaths(parsed);
  if (paths.length === 0) return { body, leftOut: [] };
  // Why pretty-printed: the typed layout cannot be kept once values change, and two spaces reads like the composer's own.
  return { body: JSON.stringify(redactJson(parsed, 'request'), null, 2), leftOut: paths.map((p) => `the value of “${p}” in the body`) };
}

/**
 * Replaces every secret of a request about to be saved, by the same rules as the request log
 * (core/kernel/redact.ts): body keys, credential-like headers and query names, one-time codes in the path.
 */
export function redactSavedRequest(fields: SavedRequestFields): RedactedSave {
  const leftOut: string[] = [];
  const path = redactPath(fields.path);
  if (path !== fields.path) leftOut.push('the one-time code in the path');
  const query = fields.query.map((q) => (isSecretKey(q.name.trim(), 'request') && q.value !== REDACTED ? (leftOut.push(`the value of the query parameter ${q.name}`), { ...q, value: REDACTED }) : q));
  const headers = fields.headers.map((h) => (isSecretHeader(h.name) && h.value !== REDACTED ? (leftOut.push(`the value of the header ${h.name}`), { ...h, value: REDACTED }) : h));
  const body = redactSavedBody(fields.body);
  return { fields: { ...fields, path, query, headers, body: body.body }, leftOut: [...leftOut, ...body.leftOut] };
}
