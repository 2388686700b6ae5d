import type { Db } from '../kernel/db';

/** Who may stamp the retry of a signed action (stored with leg 1). */
export type KeyRule =
  /** A key of an active session of the wallet; `excludeAuthMethodId` rules out sessions of that credential. */
  | { kind: 'SESSION'; excludeAuthMethodId?: string; onlySessionId?: string }
  /** Exactly this key (OTP verification: the client's freshly generated key, sealed in the OTP bundle). */
  | { kind: 'KEY'; publicKey: string };

/** Leg 1 of a signed action as stored: what the retry must repeat, and who may stamp it. */
export interface PendingSignedRequest {
  requestId: string;
  accountId: string;
  method: string;
  path: string;
  bodyHash: string;
  /** The activity type, e.g. ACTIVITY_TYPE_DELETE_API_KEYS. */
  kind: string;
  payload: string;
  keyRule: KeyRule;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

interface PendingRow {
  request_id: string;
  account_id: string;
  method: string;
  path: string;
  body_hash: string;
  kind: string;
  payload: string;
  key_rule: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The SQL of signed-retry exchanges, prepared once over a workspace's database. */
export function signedRequestRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO signed_requests (request_id, account_id, method, path, body_hash, kind, payload, key_rule, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const find = db.prepare<[string], PendingRow>('SELECT * FROM signed_requests WHERE request_id = ?');
  const use = db.prepare('UPDATE signed_requests SET used_at = ? WHERE request_id = ?');
  return {
    /** Stores leg 1 of an exchange. */
    insert(r: Omit<PendingSignedRequest, 'usedAt'>): void {
      insert.run(r.requestId, r.accountId, r.method, r.path, r.bodyHash, r.kind, r.payload, JSON.stringify(r.keyRule), r.createdAt, r.expiresAt);
    },
    /** An exchange by its request id. */
    find(requestId: string): PendingSignedRequest | undefined {
      const r = find.get(requestId);
      return r && {
        requestId: r.request_id, accountId: r.account_id, method: r.method, path: r.path, bodyHash: r.body_hash, kind: r.kind,
        payload: r.payload, keyRule: JSON.parse(r.key_rule) as KeyRule, createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at,
      };
    },
    /** Marks an exchange used (a request id works once). */
    use(requestId: string, atMs: number): void {
      use.run(atMs, requestId);
    },
  };
}
