// Every secret a workspace holds, read straight from its SQLite file: what a case file (or anything else
// meant for a customer) must never contain. The columns are named one by one (a new secret column must be
// added here); each value also yields its long pieces, so a fragment of a PEM key or a signature counts too.
import Database from 'better-sqlite3';
import { isSecretHeader, isSecretKey, REDACTED } from '../../core/kernel/redact';

/** Columns that hold secrets, by table: credentials, keys, signatures, one-time codes, card numbers, idempotency keys. */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  api_tokens: ['secret_hash', 'secret_salt'],
  idempotency_keys: ['key', 'request_hash'],
  request_log: ['idempotency_key'],
  wallet_secrets: ['mnemonic'],
  auth_methods: ['oauth_sub', 'credential_id', 'passkey_public_key'],
  otp_challenges: ['enclave_private_key'],
  passkey_challenges: ['challenge', 'client_public_key'],
  signed_requests: ['body_hash'],
  used_oidc_tokens: ['token_hash'],
  agent_device_codes: ['code'],
  agent_tokens: ['token_hash'],
  cards: ['pan', 'cvv'],
  webhook_keys: ['private_key'],
  webhook_attempts: ['signature'],
  contact_verifications: ['code_hash'],
  used_registration_challenges: ['challenge'],
  invitations: ['code'],
  stablecoin_provider_accounts: ['secret_hash'],
  delegated_keys: ['private_key'],
  sca_factors: ['totp_secret', 'passkey_challenge', 'passkey_credential_id', 'recovery_code_hashes'],
  sca_challenges: ['passkey_challenge'],
  sca_resets: ['liveness_token'],
  card_reveal_tokens: ['token_hash'],
};

/**
 * Free-form columns that keep copies of requests and answers (a scenario run's step report and calls, the
 * composer's saved requests): only their secret parts count, the values of secret-looking JSON keys and
 * headers, and one-time codes in a path, as the request log's redaction reads them.
 */
export const SECRET_BEARING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  scenario_runs: ['result_json', 'calls_json'],
  saved_requests: ['body', 'headers_json', 'path'],
};

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|svc-wallet-signature|x-console-token)$/i;
const PATH_CODE = /\/(?:device-codes|card-reveals)\/([^/?#\s"]+)/gi;

/** The secret parts of a free-form value: secret-keyed JSON values, credential headers, one-time codes in paths. */
function secretParts(raw: string): string[] {
  const out = [...raw.matchAll(PATH_CODE)].map((m) => decodeURIComponent(m[1]!));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      // A scenario step's check names its field: a token's check holds the token as `expected` and `actual`.
      const check = v as { field?: unknown; expected?: unknown; actual?: unknown };
      if (typeof check.field === 'string' && isSecretKey(check.field.split('.').pop()!, 'response')) {
        for (const x of [check.expected, check.actual]) if (typeof x === 'string') out.push(x);
      }
      // A saved request's header row: `{ name, value }`, secret when the name reads as one.
      const row = v as { name?: unknown; value?: unknown };
      if (typeof row.name === 'string' && typeof row.value === 'string' && isSecretHeader(row.name)) out.push(row.value);
      for (const [k, x] of Object.entries(v)) {
        if ((isSecretKey(k, 'request') || SECRET_HEADER.test(k)) && (typeof x === 'string' || typeof x === 'number')) out.push(String(x));
        else walk(x);
      }
    }
  };
  try {
    walk(JSON.parse(raw));
  } catch {
    // Not JSON (a path, a raw body): only its path codes count.
  }
  return out.filter((v) => !v.includes(REDACTED));
}

/** Short values (a 3-digit CVV, a 6-digit code) are checked only where they stand alone, see `leaks`; pieces shorter than this are not split out. */
const PIECE = 12;

/** The secret values of a workspace file, with their long pieces (PEM bodies, JSON parts), and where each came from. */
export function workspaceSecrets(dbPath: string, known: Record<string, string> = {}): Map<string, string> {
  const out = new Map<string, string>();
  const add = (value: string, where: string) => {
    if (value.length < 3) return;
    out.set(value, where);
    for (const piece of value.split(/[\s"',:{}[\]]+|-----[A-Z ]+-----/)) if (piece.length >= PIECE) out.set(piece, `${where} (part)`);
  };
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    // A renamed or dropped table would silently make every "no leak" check pass: name it instead.
    const missing = [...Object.keys(SECRET_COLUMNS), ...Object.keys(SECRET_BEARING_COLUMNS)].filter((t) => !tables.has(t));
    if (missing.length) throw new Error(`workspace-secrets: no table ${missing.map((t) => `"${t}"`).join(', ')} in ${dbPath}: update SECRET_COLUMNS / SECRET_BEARING_COLUMNS to where those secrets live now`);
    const values = (table: string, column: string) => db.prepare(`SELECT "${column}" AS v FROM "${table}" WHERE "${column}" IS NOT NULL`).all() as { v: unknown }[];
    for (const [table, columns] of Object.entries(SECRET_COLUMNS)) {
      for (const column of columns) {
        for (const row of values(table, column)) {
          add(Buffer.isBuffer(row.v) ? row.v.toString('base64') : String(row.v), `${table}.${column}`);
          if (Buffer.isBuffer(row.v)) add(row.v.toString('hex'), `${table}.${column}`);
        }
      }
    }
    for (const [table, columns] of Object.entries(SECRET_BEARING_COLUMNS)) {
      for (const column of columns) for (const row of values(table, column)) for (const part of secretParts(String(row.v))) add(part, `${table}.${column}`);
    }
  } finally {
    db.close();
  }
  for (const [where, value] of Object.entries(known)) add(value, where);
  return out;
}

/**
 * The secrets that appear in `text`: long ones anywhere, short ones (CVV, codes) only as a whole word of
 * what a reader sees: inside tags and attributes a 3-digit CVV would match any SVG coordinate by chance.
 */
export function leaks(text: string, secrets: Map<string, string>): string[] {
  const found: string[] = [];
  const visible = text.replace(/<[^>]*>/g, ' ');
  for (const [value, where] of secrets) {
    const hit = value.length >= 8 ? text.includes(value) : new RegExp(`(?<![\\w.,:-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.,:-])`).test(visible);
    if (hit) found.push(`${where}: ${value.slice(0, 12)}…`);
  }
  return found;
}
