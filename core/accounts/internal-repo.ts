import type { Db } from '../kernel/db';
import type { InternalAccount } from './schema';

/** Internal account types. */
export type InternalAccountType = InternalAccount['type'];
/** Internal account statuses. */
export type InternalAccountStatus = InternalAccount['status'];

/** An internal account row as stored. */
export interface InternalAccountRow {
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

/** Inserts an internal account row. */
export function insertInternalAccount(db: Db, row: InternalAccountRow): void {
  db.prepare(
    `INSERT INTO internal_accounts (id, customer_id, type, currency, status, reference, private_enabled, created_at, updated_at)
     VALUES (@id, @customer_id, @type, @currency, @status, @reference, @private_enabled, @created_at, @updated_at)`,
  ).run(row);
}

/** One internal account row by id. */
export function findInternalAccount(db: Db, id: string): InternalAccountRow | undefined {
  return db.prepare('SELECT * FROM internal_accounts WHERE id = ?').get(id) as InternalAccountRow | undefined;
}

/** The account of an owner (customer or platform when null) for a currency and type. */
export function findOwnedAccount(db: Db, customerId: string | null, currency: string, type: InternalAccountType): InternalAccountRow | undefined {
  return db
    .prepare("SELECT * FROM internal_accounts WHERE coalesce(customer_id, '') = ? AND currency = ? AND type = ?")
    .get(customerId ?? '', currency, type) as InternalAccountRow | undefined;
}
