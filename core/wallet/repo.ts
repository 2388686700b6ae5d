import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { AuthMethod, CredentialType } from './schema';

/** A credential of an embedded wallet as stored (times in epoch ms on the workspace clock). */
export interface WalletCredential {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  /** OAUTH: the identity it was registered with. */
  oauthIss: string | null;
  oauthSub: string | null;
  oauthAud: string | null;
  /** PASSKEY: the WebAuthn credential id, public key and signature counter. */
  credentialId: string | null;
  passkeyPublicKey: string | null;
  passkeyCounter: number | null;
  /** PASSKEY: the transports the browser reported, as it sent them (JSON). */
  transports: string | null;
  createdAt: number;
  updatedAt: number;
}

interface AuthMethodRow {
  id: string;
  account_id: string;
  type: CredentialType;
  nickname: string;
  oauth_iss: string | null;
  oauth_sub: string | null;
  oauth_aud: string | null;
  credential_id: string | null;
  passkey_public_key: string | null;
  passkey_counter: number | null;
  transports: string | null;
  created_at: number;
  updated_at: number;
  revoked_at: number | null;
}

function fromRow(r: AuthMethodRow): WalletCredential {
  return {
    id: r.id, accountId: r.account_id, type: r.type, nickname: r.nickname, oauthIss: r.oauth_iss, oauthSub: r.oauth_sub, oauthAud: r.oauth_aud,
    credentialId: r.credential_id, passkeyPublicKey: r.passkey_public_key, passkeyCounter: r.passkey_counter, transports: r.transports,
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** A PASSKEY credential's WebAuthn id; every passkey has one (it is how the passkey was registered). */
function passkeyIdOf(c: Pick<WalletCredential, 'id' | 'credentialId'>): string {
  if (!c.credentialId) throw new Error(`Passkey credential ${c.id} has no WebAuthn credential id`);
  return c.credentialId;
}

/** A credential in its API form. */
export function authMethodOf(c: WalletCredential): AuthMethod {
  const base = { id: c.id, accountId: c.accountId, nickname: c.nickname, createdAt: isoOf(c.createdAt), updatedAt: isoOf(c.updatedAt) };
  return c.type === 'PASSKEY' ? { ...base, type: c.type, credentialId: passkeyIdOf(c) } : { ...base, type: c.type };
}

/** The SQL of wallet credentials (and the wallet's secret), prepared once over a workspace's database. */
export function credentialRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO auth_methods (id, account_id, type, nickname, oauth_iss, oauth_sub, oauth_aud, credential_id, passkey_public_key,
       passkey_counter, transports, created_at, updated_at, revoked_at)
     VALUES (@id, @account_id, @type, @nickname, @oauth_iss, @oauth_sub, @oauth_aud, @credential_id, @passkey_public_key,
       @passkey_counter, @transports, @created_at, @updated_at, @revoked_at)`,
  );
  const live = db.prepare<[string], AuthMethodRow>('SELECT * FROM auth_methods WHERE id = ? AND revoked_at IS NULL');
  const liveOf = db.prepare<[string], AuthMethodRow>('SELECT * FROM auth_methods WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at, id');
  const liveOfType = db.prepare<[string, string], AuthMethodRow>(
    'SELECT * FROM auth_methods WHERE account_id IN (SELECT value FROM json_each(?)) AND type = ? AND revoked_at IS NULL ORDER BY created_at, id',
  );
  const passkey = db.prepare<[string], { id: string }>('SELECT id FROM auth_methods WHERE credential_id = ? AND revoked_at IS NULL');
  const challengeUsed = db.prepare<[string], { account_id: string }>('SELECT account_id FROM used_registration_challenges WHERE challenge = ?');
  const useChallenge = db.prepare('INSERT INTO used_registration_challenges (challenge, account_id, used_at) VALUES (?, ?, ?)');
  const revoke = db.prepare('UPDATE auth_methods SET revoked_at = ?, updated_at = ? WHERE id = ?');
  const rename = db.prepare('UPDATE auth_methods SET nickname = ?, updated_at = ? WHERE id = ?');
  const counter = db.prepare('UPDATE auth_methods SET passkey_counter = ?, updated_at = ? WHERE id = ?');
  const insertSecret = db.prepare('INSERT INTO wallet_secrets (account_id, mnemonic, created_at) VALUES (?, ?, ?)');
  const secret = db.prepare<[string], { mnemonic: string }>('SELECT mnemonic FROM wallet_secrets WHERE account_id = ?');
  return {
    /** Stores a new credential. */
    insert(c: WalletCredential): void {
      const row: AuthMethodRow = {
        id: c.id, account_id: c.accountId, type: c.type, nickname: c.nickname, oauth_iss: c.oauthIss, oauth_sub: c.oauthSub, oauth_aud: c.oauthAud,
        credential_id: c.credentialId, passkey_public_key: c.passkeyPublicKey, passkey_counter: c.passkeyCounter, transports: c.transports,
        created_at: c.createdAt, updated_at: c.updatedAt, revoked_at: null,
      };
      insert.run(row);
    },
    /** A live (not revoked) credential. */
    findLive(id: string): WalletCredential | undefined {
      const row = live.get(id);
      return row && fromRow(row);
    },
    /** The live credentials of a wallet, oldest first. */
    liveOf(accountId: string): WalletCredential[] {
      return liveOf.all(accountId).map(fromRow);
    },
    /** The live credentials of one type across several wallets, oldest first. */
    liveOfType(accountIds: string[], type: CredentialType): WalletCredential[] {
      return accountIds.length ? liveOfType.all(JSON.stringify(accountIds), type).map(fromRow) : [];
    },
    /** True when a registration already consumed this WebAuthn challenge (as the authenticator signed it). */
    registrationChallengeUsed(challenge: string): boolean {
      return challengeUsed.get(challenge) !== undefined;
    },
    /** Records a registration challenge as consumed; call in the transaction that stores the passkey. */
    useRegistrationChallenge(challenge: string, accountId: string, atMs: number): void {
      useChallenge.run(challenge, accountId, atMs);
    },
    /** True when a live credential holds this WebAuthn credential id. */
    passkeyRegistered(credentialId: string): boolean {
      return passkey.get(credentialId) !== undefined;
    },
    /** Revokes a credential. */
    revoke(id: string, atMs: number): void {
      revoke.run(atMs, atMs, id);
    },
    /** Changes a credential's nickname (an OTP credential follows its contact). */
    rename(id: string, nickname: string, atMs: number): void {
      rename.run(nickname, atMs, id);
    },
    /** Records a passkey's new signature counter. */
    setPasskeyCounter(id: string, value: number, atMs: number): void {
      counter.run(value, atMs, id);
    },
    /** Stores a wallet's secret (its mnemonic). */
    insertSecret(accountId: string, mnemonic: string, atMs: number): void {
      insertSecret.run(accountId, mnemonic, atMs);
    },
    /** A wallet's secret. */
    secretOf(accountId: string): string | undefined {
      return secret.get(accountId)?.mnemonic;
    },
  };
}
