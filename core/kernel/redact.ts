/** Headers whose values never reach the request log. */
const SECRET_HEADERS = new Set(['authorization', 'svc-wallet-signature', 'cookie', 'x-console-token', 'proxy-authorization']);

/**
 * Body keys whose values never reach the request log: token secrets, OTP material, session keys,
 * card numbers. Matched case-insensitively on the key name.
 */
const SECRET_KEY = /secret|password|otp|encrypted|privatekey|private_key|sessionsigningkey|accesstoken|access_token|cardnumber|cvv|cvc/i;

const SECRET_KEY_IN_JSON = new RegExp(`"[^"]*(?:${SECRET_KEY.source})[^"]*"\\s*:`, 'i');

/** The marker that replaces a redacted value. */
export const REDACTED = '[redacted]';

/** A copy of `headers` with credentials replaced by the marker. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = SECRET_HEADERS.has(key.toLowerCase()) ? redactHeaderValue(key, value) : value;
  });
  return out;
}

function redactHeaderValue(key: string, value: string): string {
  // Keep the Basic username (the public client id) so support can see which token called.
  if (key.toLowerCase() === 'authorization' && /^basic /i.test(value)) {
    const user = safeBasicUser(value.slice(6));
    return user ? `Basic ${user}:${REDACTED}` : `Basic ${REDACTED}`;
  }
  return REDACTED;
}

function safeBasicUser(b64: string): string | undefined {
  try {
    const decoded = Buffer.from(b64, 'base64').toString('utf8');
    const i = decoded.lastIndexOf(':');
    return i > 0 ? decoded.slice(0, i) : undefined;
  } catch {
    return undefined;
  }
}

/** A deep copy of a parsed JSON value with secret-looking keys replaced by the marker. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : redactJson(v);
    return out;
  }
  return value;
}

/** Redacts a raw body: JSON is redacted key by key; anything else is kept only up to `limit` characters. */
export function redactBody(raw: string | undefined, limit = 64 * 1024): string | null {
  if (raw === undefined || raw === '') return null;
  let text = raw;
  // Fast path: most bodies carry no secret-looking key at all, and re-serialising them costs more than the insert.
  if (SECRET_KEY_IN_JSON.test(raw) || raw.includes('\\u')) {
    try {
      text = JSON.stringify(redactJson(JSON.parse(raw)));
    } catch {
      // Not JSON, yet it names a secret: keep nothing of it rather than guess where the value ends.
      text = `${REDACTED} (a body that is not valid JSON and mentions a secret-looking key; ${raw.length} characters)`;
    }
  }
  return text.length > limit ? `${text.slice(0, limit)}…[truncated ${text.length - limit} characters]` : text;
}
