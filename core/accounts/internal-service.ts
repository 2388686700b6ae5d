import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import { CRYPTO_CODES, currencyAmount, findCurrency } from '../kernel/money';
import { selectPage, type Page } from '../kernel/pagination';
import { edgeAccount, type LedgerService } from '../ledger/service';
import { fundingInstructions } from './funding';
import {
  findInternalAccount, findOwnedAccount, insertInternalAccount,
  type InternalAccountRow, type InternalAccountStatus, type InternalAccountType,
} from './internal-repo';
import type { InternalAccount } from './schema';

/** The InternalAccount resource (declared with its schema in schema.ts). */
export type { InternalAccount } from './schema';

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

/** The most a single sandbox funding call may add (upstream's bound). */
export const MAX_SANDBOX_FUND = 100_000_000_000;

/** Internal accounts: provisioned per owner and currency, balances from the ledger, sandbox funding. */
export class InternalAccountService {
  constructor(private readonly ctx: Ctx, private readonly ledger: LedgerService) {}

  /** Makes sure the owner (a customer, or the platform when null) has an account in each currency. */
  provision(customerId: string | null, currencies: string[], status: InternalAccountStatus): InternalAccount[] {
    return this.ctx.transaction(() =>
      currencies.map((cur) => {
        const type: InternalAccountType = CRYPTO_CODES.has(cur) ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT';
        const existing = findOwnedAccount(this.ctx.db, customerId, cur, type);
        if (existing) return this.toResource(existing);
        const now = this.ctx.clock.nowMs();
        const row: InternalAccountRow = {
          id: this.ctx.ids('InternalAccount'), customer_id: customerId, type, currency: cur, status,
          reference: `FUND-${randomBytes(5).toString('hex').toUpperCase()}`, private_enabled: null, created_at: now, updated_at: now,
        };
        insertInternalAccount(this.ctx.db, row);
        this.ctx.events.append('INTERNAL_ACCOUNT.CREATED', 'InternalAccount', row.id, { customerId, currency: cur, type, status });
        return this.toResource(row);
      }),
    );
  }

  /** Creates an EMBEDDED_WALLET account for a customer (its credentials are the wallet area's business). */
  provisionEmbeddedWallet(customerId: string, currency: string, status: InternalAccountStatus): InternalAccount {
    const now = this.ctx.clock.nowMs();
    const row: InternalAccountRow = {
      id: this.ctx.ids('InternalAccount'), customer_id: customerId, type: 'EMBEDDED_WALLET', currency, status,
      reference: `FUND-${randomBytes(5).toString('hex').toUpperCase()}`, private_enabled: 0, created_at: now, updated_at: now,
    };
    return this.ctx.transaction(() => {
      insertInternalAccount(this.ctx.db, row);
      this.ctx.events.append('INTERNAL_ACCOUNT.CREATED', 'InternalAccount', row.id, { customerId, currency, type: row.type, status });
      return this.toResource(row);
    });
  }

  /** Moves every PENDING account of a customer to ACTIVE (after KYC/KYB approval). */
  activateForCustomer(customerId: string): void {
    this.ctx.transaction(() => {
      const rows = this.ctx.db.prepare("SELECT id FROM internal_accounts WHERE customer_id = ? AND status = 'PENDING'").all(customerId) as { id: string }[];
      for (const r of rows) this.setStatus(r.id, 'ACTIVE');
    });
  }

  /** Changes an account's status and records the event. */
  setStatus(id: string, status: InternalAccountStatus): void {
    this.ctx.transaction(() => {
      this.ctx.db.prepare('UPDATE internal_accounts SET status = ?, updated_at = ? WHERE id = ?').run(status, this.ctx.clock.nowMs(), id);
      this.ctx.events.append('INTERNAL_ACCOUNT.STATUS_UPDATED', 'InternalAccount', id, { status });
    });
  }

  /** One account by id (404 when unknown). */
  get(id: string): InternalAccount {
    return this.toResource(this.row(id));
  }

  /** The stored row of an account (404 when unknown). */
  row(id: string): InternalAccountRow {
    const row = findInternalAccount(this.ctx.db, id);
    if (!row) throw notFound('NOT_FOUND', `Internal account ${id} not found`);
    return row;
  }

  /** A page of accounts of customers, or of the platform. */
  list(f: InternalAccountFilter): Page<InternalAccount> {
    const where = [f.owner === 'PLATFORM' ? 'customer_id IS NULL' : 'customer_id IS NOT NULL'];
    const params: unknown[] = [];
    if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
    if (f.currency) (where.push('currency = ?'), params.push(f.currency));
    if (f.type) (where.push('type = ?'), params.push(f.type));
    // Why: a deleted customer answers 410, so its accounts would be dangling entries in a default list.
    if (f.owner === 'CUSTOMERS' && !f.includeDeleted) where.push('NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = internal_accounts.customer_id AND c.is_deleted = 1)');
    return selectPage<InternalAccountRow, InternalAccount>(this.ctx.db, {
      select: 'SELECT * FROM internal_accounts', from: 'FROM internal_accounts', where, params,
      limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
      map: (r) => this.toResource(r), position: (r) => ({ k: r.created_at, id: r.id }),
    });
  }

  /** Sandbox: credits an account at once, as an entry from the sandbox-funding edge. */
  fund(id: string, amount: number): InternalAccount {
    const row = this.row(id);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw invalidInput('amount', 'must be a positive integer in the smallest unit of the currency');
    if (amount > MAX_SANDBOX_FUND) throw invalidInput('amount', `must not exceed ${MAX_SANDBOX_FUND}`);
    if (row.status === 'CLOSED' || row.status === 'FROZEN' || row.status === 'FAILED') {
      throw conflict(`Internal account ${id} is ${row.status} and cannot be funded`, 'INVALID_STATE_TRANSITION');
    }
    return this.ctx.transaction(() => {
      this.ledger.post('SANDBOX_FUND', id, `Sandbox funding of ${amount} ${row.currency}`, [
        { accountId: edgeAccount('sandbox-funding', row.currency), currency: row.currency, amount: -amount },
        { accountId: id, currency: row.currency, amount },
      ]);
      const account = this.get(id);
      this.ctx.events.append('INTERNAL_ACCOUNT.BALANCE_UPDATED', 'InternalAccount', id, {
        reason: 'SANDBOX_FUND', amount, balance: account.balance.amount, totalBalance: account.totalBalance.amount,
      });
      return account;
    });
  }

  /** Maps a row to the resource, with balances computed from the ledger. */
  toResource(row: InternalAccountRow): InternalAccount {
    const b = this.ledger.balances(row.id);
    const cur = findCurrency(row.currency)?.code ?? row.currency;
    const a: InternalAccount = {
      id: row.id,
      type: row.type,
      status: row.status,
      balance: currencyAmount(b.balance, cur),
      totalBalance: currencyAmount(b.totalBalance, cur),
      fundingPaymentInstructions: fundingInstructions(row.reference, cur, row.customer_id === null),
      createdAt: isoOf(row.created_at),
      updatedAt: isoOf(row.updated_at),
    };
    if (row.customer_id) a.customerId = row.customer_id;
    if (row.type === 'EMBEDDED_WALLET') a.privateEnabled = row.private_enabled === 1;
    return a;
  }
}
