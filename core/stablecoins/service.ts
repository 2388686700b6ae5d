import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccountService } from '../accounts/internal-service';
import { stablecoinRepo } from './repo';
import type {
  linkProviderAccountSchema, listOperationsQuery, listProviderAccountsQuery, OperationStatus, operationRequestSchema, ProviderAccount,
  registerStablecoinSchema, Stablecoin, StablecoinOperation, withdrawalFeeRequestSchema,
} from './schema';

const STEP_JOB = 'stablecoin.operation';
/** Seconds from request to PROCESSING, and from PROCESSING to COMPLETED, on the workspace clock. */
const PROCESS_AFTER_S = 2;
const COMPLETE_AFTER_S = 10;

/** The allowed operation status changes; anything else is a bug and throws. */
const TRANSITIONS: Record<OperationStatus, readonly OperationStatus[]> = { PENDING: ['PROCESSING'], PROCESSING: ['COMPLETED', 'FAILED'], COMPLETED: [], FAILED: [] };

/** Network fees of a withdrawal in the smallest unit of each currency (the sandbox's fixed table). */
const WITHDRAWAL_FEES: Record<string, Record<string, number>> = {
  USDC: { SOLANA: 1_000, ETHEREUM: 2_500_000, BASE: 10_000, POLYGON: 5_000 },
  USDT: { SOLANA: 1_000, ETHEREUM: 3_000_000, TRON: 1_000_000, POLYGON: 5_000 },
  BTC: { BITCOIN: 1_500, LIGHTNING: 10, SPARK: 0 },
};

const hex = (seed: string, n: number) => createHash('sha256').update(seed).digest('hex').slice(0, n);

/** Stablecoin issuance: provider account links, registered stablecoins, mints and burns on the workspace clock, and the withdrawal-fee estimate. */
export class StablecoinService {
  private readonly repo;

  /** `internal` answers the internal account a withdrawal-fee estimate names (its currency must match). */
  constructor(private readonly ctx: Ctx, private readonly internal: InternalAccountService) {
    this.repo = stablecoinRepo(ctx.db);
    ctx.scheduler.register(STEP_JOB, (job) => this.step(String(job.payload['operationId']), job.payload['to'] as OperationStatus));
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

  /** Registers a stablecoin on a linked provider account (chosen automatically when only one is ACTIVE). */
  register(body: z.infer<typeof registerStablecoinSchema>): Stablecoin {
    const symbol = body.symbol ?? body.providerTokenIdentifier;
    if (!symbol) throw invalidInput('providerTokenIdentifier', 'is required (or symbol): it names the coin');
    const account = this.pickAccount(body.stablecoinProviderAccountId);
    if (this.repo.coinExists(symbol, body.network)) throw conflict(`${symbol} is already registered on ${body.network}`);
    const seed = `${symbol}:${body.network}`;
    const contractAddress = body.contractAddress ?? body.networkTokenIdentifier
      ?? (body.network === 'SOLANA' ? hex(seed, 44) : body.network === 'SPARK' ? `btkn1${hex(seed, 38)}` : `0x${hex(seed, 40)}`);
    return this.ctx.transaction(() => {
      const coin = this.repo.insertCoin(this.ctx.ids('Stablecoin'), account.id, { symbol, name: body.name ?? symbol, network: body.network, contractAddress }, this.ctx.clock.nowMs());
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

  /** Stablecoins, newest first. */
  list(limit: number, cursor?: string): Page<Stablecoin> {
    return this.repo.coins(limit, cursor);
  }

  /** Starts a mint or burn: PENDING now, PROCESSING 2 s later, COMPLETED (supply changed, hash set) 10 s after that. */
  operate(coinId: string, type: 'MINT' | 'BURN', body: z.infer<typeof operationRequestSchema>): StablecoinOperation {
    return this.ctx.transaction(() => {
      const coin = this.get(coinId);
      const account = this.account(coin.stablecoinProviderAccountId);
      if (account.status !== 'ACTIVE') throw new ServiceError(400, `STABLECOIN_PROVIDER_ACCOUNT_${account.status === 'REVOKED' ? 'REVOKED' : 'INVALID'}`, `The provider account of ${coin.symbol} is ${account.status}`, {});
      if (type === 'BURN') {
        // Burns already under way count against the supply, so two burns cannot take the same coins.
        const available = coin.totalSupply - this.repo.pendingBurns(coin.id);
        if (body.amount > available) throw new ServiceError(400, 'INVALID_AMOUNT', `Cannot burn ${body.amount}: only ${available} ${coin.symbol} (smallest units) are in circulation and not already being burned`, { field: 'amount', available });
      }
      const now = this.ctx.clock.nowMs();
      const created = this.repo.insertOp(this.ctx.ids('StablecoinOperation'), coin.id, type, body.amount, body.address ?? null, now);
      this.ctx.scheduler.schedule(STEP_JOB, now + PROCESS_AFTER_S * 1000, { operationId: created.id, to: 'PROCESSING' }, created.id);
      this.ctx.scheduler.schedule(STEP_JOB, now + (PROCESS_AFTER_S + COMPLETE_AFTER_S) * 1000, { operationId: created.id, to: 'COMPLETED' }, created.id);
      this.ctx.events.append(`STABLECOIN_OPERATION.PENDING`, 'StablecoinOperation', created.id, created);
      return created;
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

  private step(id: string, to: OperationStatus): void {
    const current = this.operation(id);
    if (!TRANSITIONS[current.status].includes(to)) throw new Error(`illegal stablecoin operation transition ${current.status} -> ${to} for ${id}`);
    const now = this.ctx.clock.nowMs();
    if (to === 'COMPLETED') this.repo.addSupply(current.stablecoinId, current.type === 'MINT' ? current.amount : -current.amount, now);
    const next = this.repo.setOp(id, to, to === 'COMPLETED' ? `0x${hex(id, 64)}` : null, now);
    this.ctx.events.append(`STABLECOIN_OPERATION.${to}`, 'StablecoinOperation', id, next);
  }
}
