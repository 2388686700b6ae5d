import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput, notFound } from '../kernel/errors';
import { CRYPTO_CODES, currencyAmount, findCurrency, formatMinor } from '../kernel/money';
import type { Page } from '../kernel/pagination';
import { edgeAccount, type LedgerService } from '../ledger/service';
import { fundingInstructions } from './funding';
import {
  internalAccountRepo, type InternalAccountFilter, type InternalAccountRecord, type InternalAccountStatus, type InternalAccountType,
} from './internal-repo';
import type { InternalAccount } from './schema';

/** The InternalAccount resource (declared with its schema in schema.ts). */
export type { InternalAccount } from './schema';
/** The stored account and the list filters (declared with their queries in internal-repo.ts). */
export type { InternalAccountFilter, InternalAccountRecord } from './internal-repo';

/** The most a single sandbox funding call may add (upstream's bound). */
export const MAX_SANDBOX_FUND = 100_000_000_000;

/**
 * Who owns customer accounts, as far as accounts need to know: the customers area answers (wired in
 * services.ts). A port, because customers sit above accounts (creating a customer opens its accounts).
 */
export interface AccountOwners {
  /** Ids of deleted customers, whose accounts default lists leave out. */
  deletedIds(): string[];
}

/** Internal accounts: provisioned per owner and currency, balances from the ledger, sandbox funding. */
export class InternalAccountService {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly ledger: LedgerService, private readonly owners: AccountOwners) {
    this.repo = internalAccountRepo(ctx.db);
  }

  /** Makes sure the owner (a customer, or the platform when null) has an account in each currency. */
  provision(customerId: string | null, currencies: string[], status: InternalAccountStatus): InternalAccount[] {
    return this.ctx.transaction(() =>
      currencies.map((cur) => {
        const type: InternalAccountType = CRYPTO_CODES.has(cur) ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT';
        const existing = this.repo.findOwned(customerId, cur, type);
        if (existing) return this.toResource(existing);
        const account = this.newRecord(customerId, type, cur, status, null);
        this.repo.insert(account);
        this.ctx.events.append('INTERNAL_ACCOUNT.CREATED', 'InternalAccount', account.id, { customerId, currency: cur, type, status });
        return this.toResource(account);
      }),
    );
  }

  /** Creates an EMBEDDED_WALLET account for a customer (its credentials are the wallet area's business). */
  provisionEmbeddedWallet(customerId: string, currency: string, status: InternalAccountStatus): InternalAccount {
    const account = this.newRecord(customerId, 'EMBEDDED_WALLET', currency, status, false);
    return this.ctx.transaction(() => {
      this.repo.insert(account);
      this.ctx.events.append('INTERNAL_ACCOUNT.CREATED', 'InternalAccount', account.id, { customerId, currency, type: account.type, status });
      return this.toResource(account);
    });
  }

  /** Moves every PENDING account of a customer to ACTIVE (after KYC/KYB approval). */
  activateForCustomer(customerId: string): void {
    this.ctx.transaction(() => {
      for (const id of this.repo.pendingIdsOf(customerId)) this.setStatus(id, 'ACTIVE');
    });
  }

  /** Changes an account's status and records the event. */
  setStatus(id: string, status: InternalAccountStatus): void {
    this.ctx.transaction(() => {
      this.repo.setStatus(id, status, this.ctx.clock.nowMs());
      this.ctx.events.append('INTERNAL_ACCOUNT.STATUS_UPDATED', 'InternalAccount', id, { status });
    });
  }

  /** Changes an embedded wallet's privacy setting (the wallet area checks the signature first) and returns the account. */
  setPrivacy(id: string, enabled: boolean): InternalAccount {
    return this.ctx.transaction(() => {
      this.repo.setPrivacy(id, enabled, this.ctx.clock.nowMs());
      this.ctx.events.append('INTERNAL_ACCOUNT.STATUS_UPDATED', 'InternalAccount', id, { privateEnabled: enabled });
      return this.get(id);
    });
  }

  /** One account by id (404 when unknown). */
  get(id: string): InternalAccount {
    return this.toResource(this.record(id));
  }

  /** The stored account, without balances (404 when unknown). */
  record(id: string): InternalAccountRecord {
    const found = this.repo.find(id);
    if (!found) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${id} not found`);
    return found;
  }

  /** The account of an owner for a currency and type, if it has one. */
  findOwned(customerId: string | null, currency: string, type: InternalAccountType): InternalAccountRecord | undefined {
    return this.repo.findOwned(customerId, currency, type);
  }

  /** A page of accounts of customers, or of the platform. */
  list(f: InternalAccountFilter): Page<InternalAccount> {
    // Why: a deleted customer answers 410, so its accounts would be dangling entries in a default list.
    const page = this.repo.list(f, () => this.owners.deletedIds());
    return { ...page, data: page.data.map((a) => this.toResource(a)) };
  }

  /** The newest embedded wallets of every customer (the console's wallet list). */
  embeddedWallets(limit: number): InternalAccount[] {
    return this.repo.embeddedWallets(limit).map((a) => this.toResource(a));
  }

  /** Ids of a customer's embedded wallets, oldest first. */
  embeddedWalletIdsOf(customerId: string): string[] {
    return this.repo.embeddedWalletsOf(customerId).map((a) => a.id);
  }

  /** Accounts named by id or funding reference (the global search). */
  search(q: string, limit: number): InternalAccountRecord[] {
    return this.repo.search(q, limit);
  }

  /** Number of internal accounts. */
  count(): number {
    return this.repo.count();
  }

  /** Sandbox: credits an account at once, as an entry from the sandbox-funding edge. */
  fund(id: string, amount: number): InternalAccount {
    const account = this.record(id);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw invalidInput('amount', 'must be a positive integer in the smallest unit of the currency');
    if (amount > MAX_SANDBOX_FUND) throw invalidInput('amount', `must not exceed ${MAX_SANDBOX_FUND}`);
    if (account.status === 'CLOSED' || account.status === 'FROZEN' || account.status === 'FAILED') {
      throw conflict(`Internal account ${id} is ${account.status} and cannot be funded`, 'INVALID_STATE_TRANSITION');
    }
    return this.ctx.transaction(() => {
      this.ledger.post('SANDBOX_FUND', id, `Sandbox funding of ${formatMinor(amount, account.currency)}`, [
        { accountId: edgeAccount('sandbox-funding', account.currency), currency: account.currency, amount: -amount },
        { accountId: id, currency: account.currency, amount },
      ]);
      const funded = this.get(id);
      this.ctx.events.append('INTERNAL_ACCOUNT.BALANCE_UPDATED', 'InternalAccount', id, {
        reason: 'SANDBOX_FUND', amount, balance: funded.balance.amount, totalBalance: funded.totalBalance.amount,
      });
      return funded;
    });
  }

  /** The resource of a stored account, with balances computed from the ledger. */
  private toResource(a: InternalAccountRecord): InternalAccount {
    const b = this.ledger.balances(a.id);
    const cur = findCurrency(a.currency)?.code ?? a.currency;
    const r: InternalAccount = {
      id: a.id,
      type: a.type,
      status: a.status,
      balance: currencyAmount(b.balance, cur),
      totalBalance: currencyAmount(b.totalBalance, cur),
      fundingPaymentInstructions: fundingInstructions(a.reference, cur, a.customerId === null),
      createdAt: isoOf(a.createdAt),
      updatedAt: isoOf(a.updatedAt),
    };
    if (a.customerId) r.customerId = a.customerId;
    if (a.type === 'EMBEDDED_WALLET') r.privateEnabled = a.privateEnabled === true;
    return r;
  }

  /**
   * Runs `fn` with every account id it mints drawn again while `unwanted(id)` holds. Why: sandbox tables
   * read an id's last characters, and the seed's accounts must never pick an outcome (a card funding
   * source ending 002) by chance; ids minted for callers stay as random as before.
   */
  withIdsAvoiding<T>(unwanted: (id: string) => boolean, fn: () => T): T {
    const outer = this.unwantedId;
    this.unwantedId = unwanted;
    try {
      return fn();
    } finally {
      this.unwantedId = outer;
    }
  }

  private unwantedId: ((id: string) => boolean) | null = null;

  private newRecord(customerId: string | null, type: InternalAccountType, currency: string, status: InternalAccountStatus, privateEnabled: boolean | null): InternalAccountRecord {
    const now = this.ctx.clock.nowMs();
    let id = this.ctx.ids('InternalAccount');
    while (this.unwantedId?.(id)) id = this.ctx.ids('InternalAccount');
    return {
      id, customerId, type, currency, status,
      reference: `FUND-${randomBytes(5).toString('hex').toUpperCase()}`, privateEnabled, createdAt: now, updatedAt: now,
    };
  }
}
