import type { Ctx } from '../context';
import { formatMinor } from '../kernel/money';
import { edgeAccount, type Bucket, type LedgerService } from '../ledger/service';
import type { InternalAccountService } from '../accounts/internal-service';
import type { OperationRecord } from './repo';
import { STABLECOIN_DECIMALS, UNITS_PER_CENT, type Stablecoin } from './schema';

/** A coin's base-currency reserve at the provider: what backs its supply 1:1. */
export const reserveAccount = (coinId: string) => `stablecoin-reserve:${coinId}`;
/** Coins of one coin kept in custody for an internal account (a mint's destination, a burn's source). */
export const custodyAccount = (coinId: string, internalAccountId: string) => `stablecoin-custody:${coinId}:${internalAccountId}`;

/** Where a mint's base currency comes from when it is not an internal account: the sandbox edge of that rail. */
const FUNDING_EDGE: Record<string, string> = { WIRE: 'wire-in', ACH_DEBIT: 'ach-debit', SAME_DAY_ACH_DEBIT: 'ach-debit', PROVIDER_INTERNAL_BALANCE: 'provider-balance' };

/** Base-currency minor units of a coin amount (amounts are whole cents, checked at the boundary). */
export const centsOf = (amount: number) => amount / UNITS_PER_CENT;

/**
 * The ledger side of mints and burns. Two currencies move: the base currency (USD), between the funding
 * account or rail edge, the coin's reserve and the payout edge; and the coin itself (counted in its
 * symbol), between the issuance edge, custody positions of internal accounts and the circulation edge
 * (coins outside this service's custody). Money moves only by balanced journals, in the transaction of
 * the status change that causes them.
 */
export class StablecoinBooks {
  constructor(private readonly ctx: Ctx, private readonly ledger: LedgerService, private readonly internal: InternalAccountService) {}

  /** Spendable coins held in custody for an internal account. */
  custody(coinId: string, internalAccountId: string): number {
    return this.ledger.balances(custodyAccount(coinId, internalAccountId)).balance;
  }

  /** The reserve not already earmarked for burns under way. */
  reserve(coinId: string): number {
    return this.ledger.balances(reserveAccount(coinId)).balance;
  }

  /** At creation: holds what the operation will consume, so two operations cannot spend the same money or coins. */
  hold(coin: Stablecoin, o: OperationRecord): void {
    if (o.type === 'MINT' && o.source?.type === 'SVC_INTERNAL_ACCOUNT') this.moveFiat(coin, o, [o.source.accountId!, 'AVAILABLE'], [o.source.accountId!, 'HELD'], 'STABLECOIN_MINT_HOLD');
    if (o.type === 'BURN') {
      this.moveFiat(coin, o, [reserveAccount(coin.id), 'AVAILABLE'], [reserveAccount(coin.id), 'HELD'], 'STABLECOIN_BURN_HOLD');
      if (o.source?.type === 'SVC_INTERNAL_ACCOUNT') this.moveCoins(coin, o, [custodyAccount(coin.id, o.source.accountId!), 'AVAILABLE'], [custodyAccount(coin.id, o.source.accountId!), 'HELD'], 'STABLECOIN_BURN_HOLD');
    }
  }

  /** At COMPLETED: a mint funds the reserve and issues the coins; a burn pays the reserve out and retires the coins. */
  complete(coin: Stablecoin, o: OperationRecord): void {
    if (o.type === 'MINT') {
      const from: [string, Bucket] = o.source?.type === 'SVC_INTERNAL_ACCOUNT' ? [o.source.accountId!, 'HELD'] : [edgeAccount(FUNDING_EDGE[o.source?.type ?? ''] ?? 'stablecoin-funding', coin.baseCurrency), 'AVAILABLE'];
      this.moveFiat(coin, o, from, [reserveAccount(coin.id), 'AVAILABLE'], 'STABLECOIN_MINT_FUNDED');
      const to = o.destination?.accountId.startsWith('InternalAccount:') ? custodyAccount(coin.id, o.destination.accountId) : edgeAccount('stablecoin-circulation', coin.symbol);
      this.moveCoins(coin, o, [edgeAccount('stablecoin-issuance', coin.symbol), 'AVAILABLE'], [to, 'AVAILABLE'], 'STABLECOIN_MINTED');
    } else {
      this.moveFiat(coin, o, [reserveAccount(coin.id), 'HELD'], [edgeAccount('payout', coin.baseCurrency), 'AVAILABLE'], 'STABLECOIN_REDEEMED');
      const from: [string, Bucket] = o.source?.type === 'SVC_INTERNAL_ACCOUNT' ? [custodyAccount(coin.id, o.source.accountId!), 'HELD'] : [edgeAccount('stablecoin-circulation', coin.symbol), 'AVAILABLE'];
      this.moveCoins(coin, o, from, [edgeAccount('stablecoin-issuance', coin.symbol), 'AVAILABLE'], 'STABLECOIN_BURNED');
    }
  }

  /** At FAILED or EXPIRED: releases what `hold` held. */
  release(coin: Stablecoin, o: OperationRecord): void {
    if (o.type === 'MINT' && o.source?.type === 'SVC_INTERNAL_ACCOUNT') this.moveFiat(coin, o, [o.source.accountId!, 'HELD'], [o.source.accountId!, 'AVAILABLE'], 'STABLECOIN_MINT_RELEASED');
    if (o.type === 'BURN') {
      this.moveFiat(coin, o, [reserveAccount(coin.id), 'HELD'], [reserveAccount(coin.id), 'AVAILABLE'], 'STABLECOIN_BURN_RELEASED');
      if (o.source?.type === 'SVC_INTERNAL_ACCOUNT') this.moveCoins(coin, o, [custodyAccount(coin.id, o.source.accountId!), 'HELD'], [custodyAccount(coin.id, o.source.accountId!), 'AVAILABLE'], 'STABLECOIN_BURN_RELEASED');
    }
  }

  private moveFiat(coin: Stablecoin, o: OperationRecord, from: [string, Bucket], to: [string, Bucket], kind: string): void {
    // Operations made before migration 033 moved no reserve (reserveAmount 0), so they post nothing.
    if (o.reserveAmount === 0) return;
    const cur = coin.baseCurrency;
    this.ledger.post(kind, o.id, `${kind}: ${formatMinor(o.reserveAmount, cur)} for ${coin.symbol}`, [
      { accountId: from[0], bucket: from[1], currency: cur, amount: -o.reserveAmount },
      { accountId: to[0], bucket: to[1], currency: cur, amount: o.reserveAmount },
    ]);
    for (const [id] of [from, to]) if (id.startsWith('InternalAccount:')) this.balanceUpdated(id, kind, o.reserveAmount);
  }

  private moveCoins(coin: Stablecoin, o: OperationRecord, from: [string, Bucket], to: [string, Bucket], kind: string): void {
    const major = (o.amount / 10 ** STABLECOIN_DECIMALS).toFixed(STABLECOIN_DECIMALS);
    this.ledger.post(kind, o.id, `${kind}: ${major} ${coin.symbol}`, [
      { accountId: from[0], bucket: from[1], currency: coin.symbol, amount: -o.amount },
      { accountId: to[0], bucket: to[1], currency: coin.symbol, amount: o.amount },
    ]);
  }

  /** The contract's INTERNAL_ACCOUNT.BALANCE_UPDATED, as sandbox funding emits it. */
  private balanceUpdated(id: string, reason: string, amount: number): void {
    const a = this.internal.get(id);
    this.ctx.events.append('INTERNAL_ACCOUNT.BALANCE_UPDATED', 'InternalAccount', id, { reason, amount, balance: a.balance.amount, totalBalance: a.totalBalance.amount });
  }
}
