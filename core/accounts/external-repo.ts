import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { withRails, type ExternalAccount } from './external-schema';

/** Result of the sandbox's beneficiary name check. */
export type BeneficiaryStatus = NonNullable<ExternalAccount['beneficiaryVerificationStatus']>;

/** A live account with the identifier the sandbox reads outcomes from (its accountNumber, iban, address...). */
export interface IdentifiedAccount {
  account: ExternalAccount;
  identifier: string;
}

/** An external account as the global search shows it (deleted ones included). */
export interface ExternalAccountSummary {
  id: string;
  customerId: string | null;
  currency: string;
  accountType: string;
  identifier: string;
}

/** A validated account to store. */
export interface NewExternalAccount {
  id: string;
  customerId: string | null;
  currency: string;
  accountType: string;
  identifier: string;
  /** `accountInfo` without `accountType`, rails already filled in. */
  info: Record<string, unknown>;
  platformAccountId: string | null;
  ownershipType: NonNullable<ExternalAccount['ownershipType']>;
  defaultUmaDepositAccount: boolean;
  beneficiaryStatus: BeneficiaryStatus;
  atMs: number;
}

interface ExternalAccountRow {
  id: string;
  customer_id: string | null;
  currency: string;
  account_type: string;
  primary_identifier: string;
  account_info: string;
  status: ExternalAccount['status'];
  platform_account_id: string | null;
  ownership_type: ExternalAccount['ownershipType'] | null;
  default_uma_deposit: number;
  beneficiary_status: BeneficiaryStatus | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** Maps a row to the resource (rows stored before rails were defaulted get them here). */
function externalFromRow(r: ExternalAccountRow): ExternalAccount {
  const info = withRails(JSON.parse(r.account_info) as Record<string, unknown>, r.account_type, r.currency);
  const a: ExternalAccount = {
    id: r.id, status: r.status, currency: r.currency, accountInfo: info,
    defaultUmaDepositAccount: r.default_uma_deposit === 1, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  if (r.customer_id) a.customerId = r.customer_id;
  if (r.platform_account_id) a.platformAccountId = r.platform_account_id;
  if (r.ownership_type) a.ownershipType = r.ownership_type;
  if (r.beneficiary_status) a.beneficiaryVerificationStatus = r.beneficiary_status;
  return a;
}

/** The SQL of external accounts, prepared once over a workspace's database. */
export function externalAccountRepo(db: Db) {
  const duplicate = db.prepare<[string, string, string], { id: string }>(
    "SELECT id FROM external_accounts WHERE coalesce(customer_id, '') = ? AND account_type = ? AND primary_identifier = ? AND deleted_at IS NULL",
  );
  const insert = db.prepare(
    `INSERT INTO external_accounts (id, customer_id, currency, account_type, primary_identifier, account_info, status,
       platform_account_id, ownership_type, default_uma_deposit, beneficiary_status, created_at, updated_at)
     VALUES (@id, @customer_id, @currency, @account_type, @primary_identifier, @account_info, @status,
       @platform_account_id, @ownership_type, @default_uma_deposit, @beneficiary_status, @created_at, @updated_at)`,
  );
  const live = db.prepare<[string], ExternalAccountRow>('SELECT * FROM external_accounts WHERE id = ? AND deleted_at IS NULL');
  const remove = db.prepare("UPDATE external_accounts SET deleted_at = ?, updated_at = ?, status = 'INACTIVE' WHERE id = ?");
  const identifier = db.prepare<[string], { primary_identifier: string }>('SELECT primary_identifier FROM external_accounts WHERE id = ?');
  const countLive = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM external_accounts WHERE deleted_at IS NULL');
  const search = db.prepare<{ q: string; like: string; limit: number }, ExternalAccountSummary>(
    `SELECT id, customer_id AS customerId, currency, account_type AS accountType, primary_identifier AS identifier FROM external_accounts
     WHERE id = @q OR primary_identifier = @q OR primary_identifier LIKE @like ESCAPE '\\' ORDER BY (primary_identifier = @q) DESC LIMIT @limit`,
  );
  return {
    /** The live account of the same owner, type and identifier, if one exists. */
    duplicateOf(customerId: string | null, accountType: string, identifier: string): string | undefined {
      return duplicate.get(customerId ?? '', accountType, identifier)?.id;
    },
    /** Stores a new ACTIVE account and returns it as it reads back. */
    insert(a: NewExternalAccount): ExternalAccount {
      const row: ExternalAccountRow = {
        id: a.id, customer_id: a.customerId, currency: a.currency, account_type: a.accountType, primary_identifier: a.identifier,
        account_info: JSON.stringify({ ...a.info, accountType: a.accountType }), status: 'ACTIVE', platform_account_id: a.platformAccountId,
        ownership_type: a.ownershipType, default_uma_deposit: a.defaultUmaDepositAccount ? 1 : 0, beneficiary_status: a.beneficiaryStatus,
        created_at: a.atMs, updated_at: a.atMs, deleted_at: null,
      };
      insert.run(row);
      return externalFromRow(row);
    },
    /** A live (not deleted) account with its identifier. */
    findLive(id: string): IdentifiedAccount | undefined {
      const row = live.get(id);
      return row && { account: externalFromRow(row), identifier: row.primary_identifier };
    },
    /** A page of live accounts of customers or of the platform, newest first. */
    list(owner: 'CUSTOMER' | 'PLATFORM', f: { customerId?: string | undefined; currency?: string | undefined; limit: number; cursor?: string | undefined }): Page<ExternalAccount> {
      const where = ['deleted_at IS NULL', owner === 'PLATFORM' ? 'customer_id IS NULL' : 'customer_id IS NOT NULL'];
      const params: unknown[] = [];
      if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
      if (f.currency) (where.push('currency = ?'), params.push(f.currency.toUpperCase()));
      return selectPage<ExternalAccountRow, ExternalAccount>(db, {
        select: 'SELECT * FROM external_accounts', from: 'FROM external_accounts', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: externalFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** Soft-deletes an account: INACTIVE, out of lists and reads, still named by past transactions. */
    delete(id: string, atMs: number): void {
      remove.run(atMs, atMs, id);
    },
    /** The identifier of any account, deleted ones included (the explorer matches past payments by it). */
    identifierOf(id: string): string | undefined {
      return identifier.get(id)?.primary_identifier;
    },
    /** Number of live accounts. */
    countLive(): number {
      return countLive.get()!.n;
    },
    /** Accounts named by id or identifier (exact matches first, then identifier substrings). */
    search(q: string, limit: number): ExternalAccountSummary[] {
      return search.all({ q, like: `%${q.replace(/[%_\\]/g, '\\$&')}%`, limit });
    },
  };
}
