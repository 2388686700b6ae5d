import type { Db } from '../kernel/db';
import { selectPage, type Page } from '../kernel/pagination';
import type { InternalAccount } from './schema';

/** Internal account types. */
export type InternalAccountType = InternalAccount['type'];
/** Internal account statuses. */
export type InternalAccountStatus = InternalAccount['status'];

/** An internal account as stored, without the balances the ledger holds (times are epoch ms on the workspace clock). */
export interface InternalAccountRecord {
  id: string;
  /** The owner; null for an account of the platform itself. */
  customerId: string | null;
  type: InternalAccountType;
  currency: string;
  status: InternalAccountStatus;
  /** The funding reference that credits the account. */
  reference: string;
  /** EMBEDDED_WALLET only: whether the wallet is private (null for other types). */
  privateEnabled: boolean | null;
  createdAt: number;
  updatedAt: number;
}

/** Filters of the internal account lists. */
export interface InternalAccountFilter {
  owner: 'CUSTOMERS' | 'PLATFORM';
  customerId?: string | undefined;
  currency?: string | undefined;
  type?: InternalAccountType | undefined;
  /** Accounts of deleted customers are left out unless this is true. */
  includeDeleted?: boolean | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface InternalAccountRow {
  id: string;
  customer_id: string | null;
  type: InternalAccountType;
  currency: string;
  status: InternalAccountStatus;
  reference: string;
  private_enabled: number | null;
  created_at: number;
  updated_at: number;
}

function fromRow(r: InternalAccountRow): InternalAccountRecord {
  return {
    id: r.id, customerId: r.customer_id, type: r.type, currency: r.currency, status: r.status, reference: r.reference,
    privateEnabled: r.private_enabled === null ? null : r.private_enabled === 1, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The SQL of internal accounts, prepared once over a workspace's database. */
export function internalAccountRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO internal_accounts (id, customer_id, type, currency, status, reference, private_enabled, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], InternalAccountRow>('SELECT * FROM internal_accounts WHERE id = ?');
  const owned = db.prepare<[string, string, string], InternalAccountRow>(
    "SELECT * FROM internal_accounts WHERE coalesce(customer_id, '') = ? AND currency = ? AND type = ?",
  );
  const pendingOf = db.prepare<[string], { id: string }>("SELECT id FROM internal_accounts WHERE customer_id = ? AND status = 'PENDING'");
  const setStatus = db.prepare('UPDATE internal_accounts SET status = ?, updated_at = ? WHERE id = ?');
  const setPrivacy = db.prepare('UPDATE internal_accounts SET private_enabled = ?, updated_at = ? WHERE id = ?');
  const wallets = db.prepare<[number], InternalAccountRow>(
    "SELECT * FROM internal_accounts WHERE type = 'EMBEDDED_WALLET' ORDER BY created_at DESC, id DESC LIMIT ?",
  );
  const walletsOf = db.prepare<[string], InternalAccountRow>(
    "SELECT * FROM internal_accounts WHERE customer_id = ? AND type = 'EMBEDDED_WALLET' ORDER BY created_at, id",
  );
  const search = db.prepare<{ q: string; limit: number }, InternalAccountRow>('SELECT * FROM internal_accounts WHERE id = @q OR reference = upper(@q) LIMIT @limit');
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM internal_accounts');
  return {
    /** Stores a new account. */
    insert(a: InternalAccountRecord): void {
      const privateEnabled = a.privateEnabled === null ? null : a.privateEnabled ? 1 : 0;
      insert.run(a.id, a.customerId, a.type, a.currency, a.status, a.reference, privateEnabled, a.createdAt, a.updatedAt);
    },
    /** One account by id. */
    find(id: string): InternalAccountRecord | undefined {
      const row = byId.get(id);
      return row && fromRow(row);
    },
    /** The account of an owner (a customer, or the platform when null) for a currency and type. */
    findOwned(customerId: string | null, currency: string, type: InternalAccountType): InternalAccountRecord | undefined {
      const row = owned.get(customerId ?? '', currency, type);
      return row && fromRow(row);
    },
    /** Ids of a customer's PENDING accounts. */
    pendingIdsOf(customerId: string): string[] {
      return pendingOf.all(customerId).map((r) => r.id);
    },
    /** Changes an account's status. */
    setStatus(id: string, status: InternalAccountStatus, atMs: number): void {
      setStatus.run(status, atMs, id);
    },
    /** Changes an embedded wallet's privacy setting. */
    setPrivacy(id: string, enabled: boolean, atMs: number): void {
      setPrivacy.run(enabled ? 1 : 0, atMs, id);
    },
    /**
     * A page of accounts of customers, or of the platform, newest first. `deletedOwners` are the
     * deleted customers (the customers area knows them), whose accounts are left out unless included.
     */
    list(f: InternalAccountFilter, deletedOwners: () => string[]): Page<InternalAccountRecord> {
      const where = [f.owner === 'PLATFORM' ? 'customer_id IS NULL' : 'customer_id IS NOT NULL'];
      const params: unknown[] = [];
      if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
      if (f.currency) (where.push('currency = ?'), params.push(f.currency));
      if (f.type) (where.push('type = ?'), params.push(f.type));
      if (f.owner === 'CUSTOMERS' && !f.includeDeleted) {
        const deleted = deletedOwners();
        if (deleted.length) (where.push('customer_id NOT IN (SELECT value FROM json_each(?))'), params.push(JSON.stringify(deleted)));
      }
      return selectPage<InternalAccountRow, InternalAccountRecord>(db, {
        select: 'SELECT * FROM internal_accounts', from: 'FROM internal_accounts', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: fromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** The newest embedded wallets of every customer. */
    embeddedWallets(limit: number): InternalAccountRecord[] {
      return wallets.all(limit).map(fromRow);
    },
    /** A customer's embedded wallets, oldest first. */
    embeddedWalletsOf(customerId: string): InternalAccountRecord[] {
      return walletsOf.all(customerId).map(fromRow);
    },
    /** Accounts named by id or by funding reference (any letter case). */
    search(q: string, limit: number): InternalAccountRecord[] {
      return search.all({ q, limit }).map(fromRow);
    },
    /** Number of internal accounts, of customers and of the platform. */
    count(): number {
      return countAll.get()!.n;
    },
  };
}
