import type { z } from 'zod';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import { findCurrency } from '../kernel/money';
import { selectPage, type Page } from '../kernel/pagination';
import { scenarioSuffix } from '../sandbox/suffix';
import { accountRails } from '../payments/instructions';
import { ACCOUNT_INFO, currenciesOfAccountType, hasRails, type createExternalAccountSchema, type ExternalAccount } from './external-schema';

/** The ExternalAccount resource (declared with its schema in external-schema.ts). */
export type { ExternalAccount } from './external-schema';

/** Result of the sandbox's beneficiary name check. */
export type BeneficiaryStatus = NonNullable<ExternalAccount['beneficiaryVerificationStatus']>;

/** An external account row as stored. */
export interface ExternalAccountRow {
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

const BENEFICIARY_BY_SUFFIX: Record<string, BeneficiaryStatus> = {
  '102': 'NOT_MATCHED', '103': 'PARTIAL_MATCH', '104': 'PENDING', '106': 'UNSUPPORTED', '107': 'CHECKED_BY_RECEIVING_FI',
};

/** `accountInfo` as stored, with the account type's rails filled in where the caller gave none. */
function withRails(info: Record<string, unknown>, accountType: string, currency: string): Record<string, unknown> {
  if (!hasRails(accountType) || (Array.isArray(info['paymentRails']) && info['paymentRails'].length)) return info;
  return { ...info, paymentRails: accountRails(accountType, currency) };
}

/** Maps a row to the resource (rows stored before rails were defaulted get them here). */
export function externalFromRow(r: ExternalAccountRow): ExternalAccount {
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

/** External accounts of customers and of the platform, validated per account type. */
export class ExternalAccountService {
  constructor(private readonly ctx: Ctx, private readonly customerExists: (id: string) => void) {}

  /** Validates and stores an external account; the 1xx suffixes drive the sandbox's name verification. */
  create(input: z.infer<typeof createExternalAccountSchema>, owner: 'CUSTOMER' | 'PLATFORM'): ExternalAccount {
    if (owner === 'CUSTOMER' && !input.customerId) throw invalidInput('customerId', 'is required for a customer external account');
    if (owner === 'PLATFORM' && input.customerId) throw invalidInput('customerId', 'must be omitted for a platform external account');
    if (input.customerId) this.customerExists(input.customerId);
    const { accountType: type, ...fields } = input.accountInfo as Record<string, unknown> & { accountType: string };
    const spec = ACCOUNT_INFO[type]!;
    const currency = input.currency.toUpperCase();
    if (!findCurrency(currency)) throw invalidInput('currency', `${input.currency} is not a supported currency`);
    const allowed = currenciesOfAccountType(type);
    if (allowed && !allowed.includes(currency)) throw invalidInput('currency', `${currency} does not match accountType ${type} (expected ${allowed.join(' or ')})`);
    // Upstream requires paymentRails on bank variants: a caller that names none gets every rail of the type.
    const info = withRails(fields, type, currency);
    const ownership = input.ownershipType ?? 'THIRD_PARTY';
    if (ownership === 'THIRD_PARTY' && !info['beneficiary']) throw invalidInput('accountInfo.beneficiary', 'is required for a THIRD_PARTY account');
    const primary = String(info[spec.primary]);
    const suffix = scenarioSuffix(primary);
    if (suffix === '105') {
      throw new ServiceError(400, 'INVALID_BANK_ACCOUNT', `The receiving institution reports account ${primary} as invalid (sandbox suffix 105)`, { field: `accountInfo.${spec.primary}` });
    }
    const dup = this.ctx.db
      .prepare("SELECT id FROM external_accounts WHERE coalesce(customer_id, '') = ? AND account_type = ? AND primary_identifier = ? AND deleted_at IS NULL")
      .get(input.customerId ?? '', type, primary) as { id: string } | undefined;
    if (dup) throw conflict(`An external account with this ${spec.primary} already exists (${dup.id})`, 'CONFLICT', { existingId: dup.id });
    const now = this.ctx.clock.nowMs();
    const row: ExternalAccountRow = {
      id: this.ctx.ids('ExternalAccount'), customer_id: input.customerId ?? null, currency, account_type: type,
      primary_identifier: primary, account_info: JSON.stringify({ ...info, accountType: type }), status: 'ACTIVE',
      platform_account_id: input.platformAccountId ?? null, ownership_type: ownership,
      default_uma_deposit: input.defaultUmaDepositAccount ? 1 : 0,
      beneficiary_status: (suffix && BENEFICIARY_BY_SUFFIX[suffix]) || 'MATCHED', created_at: now, updated_at: now, deleted_at: null,
    };
    return this.ctx.transaction(() => {
      this.ctx.db
        .prepare(
          `INSERT INTO external_accounts (id, customer_id, currency, account_type, primary_identifier, account_info, status,
             platform_account_id, ownership_type, default_uma_deposit, beneficiary_status, created_at, updated_at)
           VALUES (@id, @customer_id, @currency, @account_type, @primary_identifier, @account_info, @status,
             @platform_account_id, @ownership_type, @default_uma_deposit, @beneficiary_status, @created_at, @updated_at)`,
        )
        .run(row);
      this.ctx.events.append('EXTERNAL_ACCOUNT.CREATED', 'ExternalAccount', row.id, { customerId: row.customer_id, accountType: type, currency });
      return externalFromRow(row);
    });
  }

  /** One live account (404 when unknown or deleted, or owned by the other side). */
  get(id: string, owner?: 'CUSTOMER' | 'PLATFORM'): ExternalAccount {
    return externalFromRow(this.row(id, owner));
  }

  /** The stored row of a live account. */
  row(id: string, owner?: 'CUSTOMER' | 'PLATFORM'): ExternalAccountRow {
    const r = this.ctx.db.prepare('SELECT * FROM external_accounts WHERE id = ? AND deleted_at IS NULL').get(id) as ExternalAccountRow | undefined;
    if (!r || (owner === 'CUSTOMER' && !r.customer_id) || (owner === 'PLATFORM' && r.customer_id)) {
      throw notFound('NOT_FOUND', `External account ${id} not found`);
    }
    return r;
  }

  /** A page of live accounts of customers or of the platform. */
  list(owner: 'CUSTOMER' | 'PLATFORM', f: { customerId?: string | undefined; currency?: string | undefined; limit: number; cursor?: string | undefined }): Page<ExternalAccount> {
    const where = ['deleted_at IS NULL', owner === 'PLATFORM' ? 'customer_id IS NULL' : 'customer_id IS NOT NULL'];
    const params: unknown[] = [];
    if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
    if (f.currency) (where.push('currency = ?'), params.push(f.currency.toUpperCase()));
    return selectPage<ExternalAccountRow, ExternalAccount>(this.ctx.db, {
      select: 'SELECT * FROM external_accounts', from: 'FROM external_accounts', where, params,
      limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
      map: externalFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
    });
  }

  /** Soft-deletes an account (it stays visible in the history of transactions that used it). */
  delete(id: string, owner: 'CUSTOMER' | 'PLATFORM'): void {
    this.row(id, owner);
    this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      this.ctx.db.prepare("UPDATE external_accounts SET deleted_at = ?, updated_at = ?, status = 'INACTIVE' WHERE id = ?").run(now, now, id);
      this.ctx.events.append('EXTERNAL_ACCOUNT.DELETED', 'ExternalAccount', id, {});
    });
  }
}
