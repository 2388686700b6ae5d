/** Headers whose values never reach the request log. */
const SECRET_HEADERS = new Set(['authorization', 'svc-wallet-signature', 'cookie', 'x-console-token', 'proxy-authorization']);

/**
 * Body keys whose values never reach the request log or a stored replay: secrets and passwords, OTP
 * material, key material, signatures (a passkey assertion's `signature`), tokens (`oidcToken`,
 * `accessToken`), bundles, an SCA enrolment's `totpUri` (it carries the secret) and `recoveryCodes`, one-time codes (device and verification codes), card numbers, embed URLs (a card
 * reveal's `panEmbedUrl` carries the token that opens the card's number). Matched
 * case-insensitively on the key name.
 */
const SECRET_KEY = /secret|password|otp|totpuri|recoverycodes|encrypted|mnemonic|(?:private|signing|api)_?key$|token$|signature$|bundle$|(?:device|user|verification)_?code$|cardnumber|cvv|cvc|(?:^|_)pin$|embedurl$/i;
/** Keys that end like a secret but name an opaque public reference (a card transaction's issuer token). */
const PUBLIC_KEY = /^issuerTransactionToken$/i;
/** Keys secret only in what a caller sends: `code` is a one-time code in a request, an error code in an answer. */
const REQUEST_SECRET_KEY = /^code$/i;

/** What a JSON key looks like in raw text (`"name":`), escapes included; a string value never matches, a misread costs only a parse. */
const KEY_IN_JSON = /"((?:[^"\\]|\\.)*)"\s*:/g;

/** True when a key of this side would be redacted. */
export const isSecretKey = (k: string, side: BodySide) => (SECRET_KEY.test(k) && !PUBLIC_KEY.test(k)) || (side === 'request' && REQUEST_SECRET_KEY.test(k));

/**
 * Text that the raw JSON of every secret key contains (a key ends at its closing quote, so `token$` is
 * `token"`), or a backslash (an escaped key cannot be read without parsing). A body with none of it names
 * no secret key, so the key-by-key scan below, half a millisecond over a page of fifty transactions, is
 * skipped. Each alternative is implied by a term of SECRET_KEY (or, in a request, REQUEST_SECRET_KEY).
 */
const SECRET_HINT = {
  response: /secret|password|otp|totpuri|recoverycodes|encrypted|mnemonic|key"|token"|signature"|bundle"|(?:device|user|verification)_?code"|cardnumber|cvv|cvc|pin"|embedurl"|\\/i,
  request: /secret|password|otp|totpuri|recoverycodes|encrypted|mnemonic|key"|token"|signature"|bundle"|code"|cardnumber|cvv|cvc|pin"|embedurl"|\\/i,
} as const;

/** True when some key-like text of `raw` names a secret (or is escaped, so cannot be read without parsing). */
function mentionsSecretKey(raw: string, side: BodySide): boolean {
  if (!SECRET_HINT[side].test(raw)) return false;
  if (raw.includes('\\u')) return true;
  for (const m of raw.matchAll(KEY_IN_JSON)) if (isSecretKey(m[1]!, side) || m[1]!.includes('\\')) return true;
  return false;
}

/** The marker that replaces a redacted value. */
export const REDACTED = '[redacted]';

/**
 * A copy of `headers` with credentials replaced by the marker. A Basic header keeps its user part only
 * when it is `acceptedUser`, the client id the server authenticated: split anywhere else, a secret with a
 * colon, or an id and secret sent swapped, would put part of the secret in the log.
 */
export function redactHeaders(headers: Headers, acceptedUser?: string): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = isSecretHeader(key) ? redactHeaderValue(key, value, acceptedUser) : value;
  });
  return out;
}

function redactHeaderValue(key: string, value: string, acceptedUser: string | undefined): string {
  // Keep the Basic username (the public client id) so support can see which token called.
  if (key.toLowerCase() === 'authorization' && /^basic /i.test(value)) {
    return acceptedUser && basicUserIs(value.slice(6).trim(), acceptedUser) ? `Basic ${acceptedUser}:${REDACTED}` : `Basic ${REDACTED}`;
  }
  return REDACTED;
}

function basicUserIs(b64: string, user: string): boolean {
  return Buffer.from(b64, 'base64').toString('utf8').startsWith(`${user}:`);
}

/**
 * True when a header's value is a secret: the log's credential headers, or a name that reads as a secret
 * key once its dashes are underscores (`X-Api-Key`, `X-Auth-Token`, `Svc-Wallet-Signature`).
 */
export const isSecretHeader = (name: string) => SECRET_HEADERS.has(name.trim().toLowerCase()) || isSecretKey(name.trim().replace(/-/g, '_'), 'request');

/** A request path with one-time codes in it (device-code redemption, a card reveal link's token) replaced by the marker. */
export function redactPath(path: string): string {
  return path.replace(/(\/device-codes\/)[^/]+/i, `$1${REDACTED}`).replace(/(\/card-reveals\/)[^/]+/i, `$1${REDACTED}`);
}

/** Which side of a call a body is: a request's `code` is a one-time code, an answer's an error code. */
export type BodySide = 'request' | 'response';

/** A deep copy of a parsed JSON value with secret-looking keys replaced by the marker. */
export function redactJson(value: unknown, side: BodySide = 'response'): unknown {
  if (Array.isArray(value)) return value.map((v) => redactJson(v, side));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k, side) ? REDACTED : redactJson(v, side);
    return out;
  }
  return value;
}

/** Redacts a raw body: JSON is redacted key by key; anything else is kept only up to `limit` characters. */
export function redactBody(raw: string | undefined, limit = 64 * 1024, side: BodySide = 'response'): string | null {
  if (raw === undefined || raw === '') return null;
  let text = raw;
  // Fast path: most bodies carry no secret key at all (each key is tested as the walk below would test
  // it), and re-serialising them costs more than the insert.
  if (mentionsSecretKey(raw, side)) {
    try {
      text = JSON.stringify(redactJson(JSON.parse(raw), side));
    } catch {
      // Not JSON, yet it names a secret: keep nothing of it rather than guess where the value ends.
      text = `${REDACTED} (a body that is not valid JSON and mentions a secret-looking key; ${raw.length} characters)`;
    }
  }
  return text.length > limit ? `${text.slice(0, limit)}…[truncated ${text.length - limit} characters]` : text;
}
