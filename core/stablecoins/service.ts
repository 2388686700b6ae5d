import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { LedgerService } from '../ledger/service';
import { outcomeKey, TRANSFER_OUTCOMES } from '../payments/outcomes';
import { StablecoinBooks, centsOf } from './books';
import { stablecoinRepo, type NewOperation, type OperationRecord } from './repo';
import type {
  burnRequestSchema, linkProviderAccountSchema, listOperationsQuery, listProviderAccountsQuery, listStablecoinsQuery, mintRequestSchema, OperationStatus,
  PayoutRail, ProviderAccount, registerStablecoinSchema, Stablecoin, StablecoinOperation, withdrawalFeeRequestSchema,
} from './schema';

const STEP_JOB = 'stablecoin.operation';
/** Seconds, on the workspace clock, the sandbox takes for each step (documented sandbox conventions). */
const FUNDS_ARRIVE_AFTER_S = 30;
const PROCESS_AFTER_S = 2;
const COMPLETE_AFTER_S = 10;
/** How long an operation waits for its funds (the contract's example: a week). */
const FUNDING_WINDOW_S = 7 * 24 * 3600;

/** The allowed operation status changes; anything else is a bug and throws. */
const TRANSITIONS: Record<OperationStatus, readonly OperationStatus[]> = {
  CREATED: ['PENDING_FUNDING', 'PENDING_PROVIDER'], PENDING_FUNDING: ['PENDING_PROVIDER', 'EXPIRED'], PENDING_PROVIDER: ['PROCESSING'],
  PROCESSING: ['COMPLETED', 'FAILED'], COMPLETED: [], FAILED: [], EXPIRED: [],
};
/** When each status is left for the next one, counted from entering it. */
const NEXT: Partial<Record<OperationStatus, { to: OperationStatus; afterS: number }>> = {
  PENDING_FUNDING: { to: 'PENDING_PROVIDER', afterS: FUNDS_ARRIVE_AFTER_S }, PENDING_PROVIDER: { to: 'PROCESSING', afterS: PROCESS_AFTER_S }, PROCESSING: { to: 'COMPLETED', afterS: COMPLETE_AFTER_S },
};
/** How long a burn's payout takes to arrive on each rail (the estimatedDelivery's timing). */
const RAIL_TIMING: Record<PayoutRail, string> = { WIRE: 'same business day', ACH_CREDIT: '1-3 business days', SAME_DAY_ACH_CREDIT: 'same business day', RTP_CREDIT: 'within seconds' };

/** Network fees of a withdrawal in the smallest unit of each currency (the sandbox's fixed table). */
const WITHDRAWAL_FEES: Record<string, Record<string, number>> = {
  USDC: { SOLANA: 1_000, ETHEREUM: 2_500_000, BASE: 10_000, POLYGON: 5_000 },
  USDT: { SOLANA: 1_000, ETHEREUM: 3_000_000, TRON: 1_000_000, POLYGON: 5_000 },
  BTC: { BITCOIN: 1_500, LIGHTNING: 10, SPARK: 0 },
};

const hex = (seed: string, n: number) => createHash('sha256').update(seed).digest('hex').slice(0, n);

/** Stablecoin issuance: provider account links, registered stablecoins, mints and burns on the workspace clock with their ledger effects, and the withdrawal-fee estimate. */
export class StablecoinService {
  private readonly repo;
  private readonly books;

  /** `internal` and `external` answer the accounts bodies name; `ledger` books the reserve and the coins. */
  constructor(private readonly ctx: Ctx, private readonly internal: InternalAccountService, private readonly external: ExternalAccountService, ledger: LedgerService) {
    this.repo = stablecoinRepo(ctx.db);
    this.books = new StablecoinBooks(ctx, ledger, internal);
    ctx.scheduler.register(STEP_JOB, (job) => this.step(String(job.payload['operationId']), job.payload['to'] as OperationStatus, job.payload['chain'] === true));
  }

  /** Links provider credentials (verified in the sandbox: a secret starting with "invalid" fails; a second link of the same account is 409). */
  link(body: z.infer<typeof linkProviderAccountSchema>): ProviderAccount {
    if (body.apiClientSecret.startsWith('invalid')) {
      throw new ServiceError(400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', `The ${body.provider} credentials were refused by the provider`, { field: 'apiClientSecret' });
    }
    const providerAccountId = body.providerAccountId ?? `acct_${hex(body.apiClientId, 20)}`;
    if (this.repo.accountByKey(body.provider, providerAccountId)) throw conflict(`${body.provider} account ${providerAccountId} is already linked`);
    const secretHash = createHash('sha256').update(body.apiClientSecret).digest('hex');
    return this.ctx.transaction(() => {
      const linked = this.repo.insertAccount(this.ctx.ids('StablecoinProviderAccount'), body.provider, providerAccountId, body.apiClientId, secretHash, this.ctx.clock.nowMs());
      this.ctx.events.append('STABLECOIN_PROVIDER_ACCOUNT.LINKED', 'StablecoinProviderAccount', linked.id, linked);
      return linked;
    });
  }

  /** One provider account link (404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND). */
  account(id: string): ProviderAccount {
    const a = this.repo.account(id);
    if (!a) throw notFound('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', `Stablecoin provider account link ${id} not found`);
    return a;
  }

  /** Provider account links, newest first. */
  accounts(q: z.infer<typeof listProviderAccountsQuery>): Page<ProviderAccount> {
    return this.repo.accounts(q);
  }

  /** Registers a stablecoin created at the provider on a linked account (chosen automatically when only one is ACTIVE): PROVISIONED and ENABLED at once in the sandbox. */
  register(body: z.infer<typeof registerStablecoinSchema>): Stablecoin {
    const symbol = body.providerTokenIdentifier;
    const account = this.pickAccount(body.stablecoinProviderAccountId);
    if (this.repo.coinExists(symbol, body.network)) throw conflict(`${symbol} is already registered on ${body.network}`);
    return this.ctx.transaction(() => {
      const coin = this.repo.insertCoin(this.ctx.ids('Stablecoin'), account.id, { symbol, name: body.name ?? symbol, network: body.network, networkTokenIdentifier: body.networkTokenIdentifier }, this.ctx.clock.nowMs());
      this.ctx.events.append('STABLECOIN.REGISTERED', 'Stablecoin', coin.id, coin);
      return coin;
    });
  }

  /** One stablecoin (404 REFERENCE_NOT_FOUND). */
  get(id: string): Stablecoin {
    const c = this.repo.coin(id);
    if (!c) throw notFound('REFERENCE_NOT_FOUND', `Stablecoin ${id} not found`);
    return c;
  }

  /** Stablecoins, newest first, filtered by the contract's statuses and provider. */
  list(q: z.infer<typeof listStablecoinsQuery>): Page<Stablecoin> {
    return this.repo.coins(q);
  }

  /**
   * Starts a mint. Funded by an internal account, the money is held at once; by wire, the operation waits
   * PENDING_FUNDING with instructions (the sandbox's wire arrives 30 s later); by ACH debit or the
   * provider's balance it goes straight to the provider. COMPLETED funds the reserve and issues the coins
   * to the destination; an ACH debit from an account whose number ends in a failing sandbox suffix FAILS.
   */
  mint(coinId: string, body: z.infer<typeof mintRequestSchema>): StablecoinOperation {
    return this.ctx.transaction(() => {
      const coin = this.operable(coinId);
      const amount = Number(body.amount);
      const cents = centsOf(amount);
      const f = body.fundingSource;
      if (f.type === 'SVC_INTERNAL_ACCOUNT') {
        const a = this.internal.get(f.accountId);
        if (a.balance.currency.code !== coin.baseCurrency) throw invalidInput('fundingSource.accountId', `holds ${a.balance.currency.code}; ${coin.symbol} is backed by ${coin.baseCurrency}`);
        if (a.status !== 'ACTIVE') throw invalidInput('fundingSource.accountId', `internal account ${a.id} is ${a.status}, not ACTIVE`);
        if (a.balance.amount < cents) throw new ServiceError(400, 'INVALID_AMOUNT', `The funding account holds ${a.balance.amount} but the mint needs ${cents} (${coin.baseCurrency} minor units)`, { field: 'amount', available: a.balance.amount, required: cents });
      }
      if (f.type === 'ACH_DEBIT' || f.type === 'SAME_DAY_ACH_DEBIT') this.bankAccount(f.externalAccountId, 'fundingSource.externalAccountId', coin);
      const destination = this.mintDestination(body.destination.accountId, coin);
      const id = this.ctx.ids('StablecoinOperation');
      const wire = f.type === 'WIRE';
      return this.start(coin, {
        id, coinId: coin.id, type: 'MINT', amount, reserveAmount: cents, status: wire ? 'PENDING_FUNDING' : 'PENDING_PROVIDER',
        source: f, destination: { accountId: destination }, description: body.description,
        fundingInstructions: wire ? { rail: 'WIRE', network: 'WIRE', bankName: 'Sandbox Provider Bank', accountNumber: String(parseInt(hex(id, 10), 16)).padStart(12, '0').slice(-12), routingNumber: '021000021', reference: `MINT-${hex(id, 10).toUpperCase()}`, valueType: coin.baseCurrency, amount: String(cents) } : undefined,
      });
    });
  }

  /**
   * Starts a burn: the coins come from an internal account's custody (held at once), from the provider's
   * balance, or from an outside wallet (PENDING_FUNDING with a deposit address; the sandbox's coins arrive
   * 30 s later). COMPLETED retires the coins and pays the reserve out to the destination bank account; a
   * destination whose number ends in a failing sandbox suffix FAILS and the holds are released.
   */
  burn(coinId: string, body: z.infer<typeof burnRequestSchema>): StablecoinOperation {
    return this.ctx.transaction(() => {
      const coin = this.operable(coinId);
      const amount = Number(body.amount);
      const cents = centsOf(amount);
      // Burns already under way count against the supply, so two burns cannot take the same coins.
      const available = Number(coin.totalSupply) - this.repo.pendingBurns(coin.id);
      if (amount > available) throw new ServiceError(400, 'INVALID_AMOUNT', `Cannot burn ${amount}: only ${available} ${coin.symbol} (smallest units) are in circulation and not already being burned`, { field: 'amount', available });
      const s = body.source;
      if (s.type === 'SVC_INTERNAL_ACCOUNT') {
        this.internal.record(s.accountId);
        const held = this.books.custody(coin.id, s.accountId);
        if (held < amount) throw new ServiceError(400, 'INVALID_AMOUNT', `${s.accountId} holds ${held} ${coin.symbol} (smallest units) in custody; the burn needs ${amount}`, { field: 'amount', available: held });
      }
      if (s.type === 'EXTERNAL_ACCOUNT' && s.externalAccountId) this.wallet(s.externalAccountId, 'source.externalAccountId', coin);
      // Coins minted before the reserve existed (migration 033) have nothing behind them to pay out.
      const reserve = this.books.reserve(coin.id);
      if (reserve < cents) throw new ServiceError(400, 'INVALID_AMOUNT', `The ${coin.symbol} reserve holds ${reserve} ${coin.baseCurrency} minor units not already being paid out; the burn needs ${cents}`, { field: 'amount', reserve });
      const d = body.destination;
      this.bankAccount(d.externalAccountId, 'destination.externalAccountId', coin);
      const id = this.ctx.ids('StablecoinOperation');
      const fromWallet = s.type === 'EXTERNAL_ACCOUNT';
      return this.start(coin, {
        id, coinId: coin.id, type: 'BURN', amount, reserveAmount: cents, status: fromWallet ? 'PENDING_FUNDING' : 'PENDING_PROVIDER',
        source: s, destination: { accountId: d.externalAccountId, rail: d.rail }, description: body.description,
        estimatedDelivery: { rail: d.rail, amount: String(cents), currency: coin.baseCurrency, timing: RAIL_TIMING[d.rail as PayoutRail] },
        fundingInstructions: fromWallet ? { rail: coin.network, network: coin.network, address: `spark1${hex(id, 58)}`, valueType: coin.symbol, amount: String(amount) } : undefined,
      });
    });
  }

  /** One operation (404 REFERENCE_NOT_FOUND). */
  operation(id: string): StablecoinOperation {
    const o = this.repo.op(id);
    if (!o) throw notFound('REFERENCE_NOT_FOUND', `Stablecoin operation ${id} not found`);
    return o;
  }

  /** A stablecoin's operations, newest first (404 REFERENCE_NOT_FOUND for an unknown stablecoin). */
  operations(coinId: string, q: z.infer<typeof listOperationsQuery>): Page<StablecoinOperation> {
    this.get(coinId);
    return this.repo.ops(coinId, { ...q, type: q.operationType ?? q.type });
  }

  /** The network fee of a crypto withdrawal (400 naming cryptoNetwork when the currency does not travel on it). */
  estimateWithdrawalFee(body: z.infer<typeof withdrawalFeeRequestSchema>) {
    if (body.internalAccountId !== undefined) {
      const account = this.internal.record(body.internalAccountId); // 404 REFERENCE_NOT_FOUND when unknown
      if (account.currency !== body.currency) throw invalidInput('internalAccountId', `holds ${account.currency}, not ${body.currency}`);
    }
    const fee = WITHDRAWAL_FEES[body.currency]?.[body.cryptoNetwork];
    if (fee === undefined) throw invalidInput('cryptoNetwork', `${body.currency} is not withdrawn on ${body.cryptoNetwork}; use one of ${Object.keys(WITHDRAWAL_FEES[body.currency] ?? {}).join(', ')}`);
    if (fee >= body.amount) throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `amount must exceed the ${fee} network fee`, { field: 'amount', minAmount: fee + 1 });
    return { networkFee: fee, networkFeeAsset: body.currency, applicationFee: 0, totalFee: fee, netAmount: body.amount - fee };
  }

  private pickAccount(id: string | undefined): ProviderAccount {
    if (id) {
      const a = this.account(id);
      if (a.status !== 'ACTIVE') throw new ServiceError(400, a.status === 'REVOKED' ? 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED' : 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', `Provider account link ${id} is ${a.status}`, { field: 'stablecoinProviderAccountId' });
      return a;
    }
    const active = this.repo.activeAccounts();
    if (active.length === 0) throw new ServiceError(400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', 'No ACTIVE provider account is linked: POST /stablecoin-provider-accounts first', { field: 'stablecoinProviderAccountId' });
    if (active.length > 1) throw new ServiceError(400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', `${active.length} ACTIVE provider accounts are linked; pass stablecoinProviderAccountId to choose one`, { field: 'stablecoinProviderAccountId', choices: active.map((a) => a.id) });
    return active[0]!;
  }

  /** The coin, when this service may operate it (409 CONFLICT otherwise: its operations are not ENABLED). */
  private operable(coinId: string): Stablecoin {
    const coin = this.get(coinId);
    const account = this.account(coin.stablecoinProviderAccountId);
    if (account.status !== 'ACTIVE') throw new ServiceError(400, `STABLECOIN_PROVIDER_ACCOUNT_${account.status === 'REVOKED' ? 'REVOKED' : 'INVALID'}`, `The provider account of ${coin.symbol} is ${account.status}`, {});
    if (coin.svcOperationsStatus !== 'ENABLED') {
      throw conflict(`Operations of ${coin.symbol} are ${coin.svcOperationsStatus}${coin.network !== 'SPARK' ? `: it was registered on ${coin.network}, and coins are issued on SPARK only` : ''}`, 'CONFLICT', { svcOperationsStatus: coin.svcOperationsStatus });
    }
    return coin;
  }

  /** A mint's destination: a wallet on the coin's network (coins leave custody) or an internal account (kept in custody for it). */
  private mintDestination(accountId: string, coin: Stablecoin): string {
    if (accountId.startsWith('InternalAccount:')) return this.internal.record(accountId).id;
    if (accountId.startsWith('ExternalAccount:')) return this.wallet(accountId, 'destination.accountId', coin);
    throw invalidInput('destination.accountId', 'must name an ExternalAccount (a SPARK_WALLET) or an InternalAccount');
  }

  /** An external wallet on the coin's network (404 when unknown, 400 naming the field for another kind of account). */
  private wallet(id: string, field: string, coin: Stablecoin): string {
    const { account } = this.external.destination(id);
    const want = `${coin.network}_WALLET`;
    if (account.accountInfo.accountType !== want) throw invalidInput(field, `is a ${String(account.accountInfo.accountType)}; ${coin.symbol} lives on ${coin.network}, so it needs a ${want}`);
    return account.id;
  }

  /** An external bank account in the coin's base currency, with the sandbox outcome its number's suffix picks. */
  private bankAccount(id: string, field: string, coin: Stablecoin): string {
    const { account, identifier } = this.external.destination(id);
    const type = String(account.accountInfo.accountType);
    if (!type.endsWith('_ACCOUNT') || account.currency !== coin.baseCurrency) throw invalidInput(field, `is a ${account.currency} ${type}; ${coin.symbol} settles in ${coin.baseCurrency} bank accounts`);
    return identifier;
  }

  /** Stores a new operation, holds what it consumes, schedules its next step and records the event. */
  private start(coin: Stablecoin, o: Omit<NewOperation, 'expiresAtMs' | 'atMs'>): StablecoinOperation {
    const now = this.ctx.clock.nowMs();
    const created = this.repo.insertOp({ ...o, expiresAtMs: o.status === 'PENDING_FUNDING' ? now + FUNDING_WINDOW_S * 1000 : null, atMs: now });
    this.books.hold(coin, this.repo.record(created.id)!);
    this.scheduleNext(created.id, o.status, now);
    this.ctx.events.append(`STABLECOIN_OPERATION.${o.status}`, 'StablecoinOperation', created.id, created);
    return created;
  }

  private scheduleNext(id: string, from: OperationStatus, now: number): void {
    const next = NEXT[from];
    if (next) this.ctx.scheduler.schedule(STEP_JOB, now + next.afterS * 1000, { operationId: id, to: next.to, chain: true }, id);
  }

  /**
   * Moves an operation on. `chain` jobs schedule the step after them; jobs scheduled before migration 033
   * were queued all at once (PROCESSING, then COMPLETED) and schedule nothing.
   */
  private step(id: string, to: OperationStatus, chain: boolean): void {
    const current = this.repo.record(id);
    if (!current) throw new Error(`stablecoin operation ${id} vanished`);
    const target = to === 'COMPLETED' && this.failsInSandbox(current) ? 'FAILED' : to;
    if (!TRANSITIONS[current.status].includes(target)) throw new Error(`illegal stablecoin operation transition ${current.status} -> ${target} for ${id}`);
    const now = this.ctx.clock.nowMs();
    const coin = this.get(current.coinId);
    if (target === 'COMPLETED') {
      this.repo.addSupply(coin.id, current.type === 'MINT' ? current.amount : -current.amount, now);
      this.books.complete(coin, current);
    }
    if (target === 'FAILED' || target === 'EXPIRED') this.books.release(coin, current);
    const next = this.repo.setOp(id, target, target === 'COMPLETED' ? { hash: hex(id, 64) } : target === 'FAILED' ? { failureReason: 'PROVIDER_TRANSFER_FAILED' } : {}, now);
    if (chain) this.scheduleNext(id, target, now);
    this.ctx.events.append(`STABLECOIN_OPERATION.${target}`, 'StablecoinOperation', id, next);
  }

  /** The sandbox's failure: an ACH debit from, or a payout to, a bank account whose number ends in a failing transfer suffix (002 to 005). */
  private failsInSandbox(o: OperationRecord): boolean {
    const bank = o.type === 'MINT' ? (o.source?.type === 'ACH_DEBIT' || o.source?.type === 'SAME_DAY_ACH_DEBIT' ? o.source.externalAccountId : undefined) : o.destination?.accountId;
    const identifier = bank && this.external.identifierOf(bank);
    return identifier !== undefined && outcomeKey(identifier, TRANSFER_OUTCOMES) !== 'SUCCESS';
  }
}
