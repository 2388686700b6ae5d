import { currency, MAX_AMOUNT, roundMinor } from '../kernel/money';
import { perUsd } from '../rates/table';
import type { OutgoingRateDetails } from '../payments/vocabulary';

/** The spec's OutgoingRateDetails (declared once, in payments/vocabulary.ts). */
export type { OutgoingRateDetails };

/** Everything a price depends on. */
export interface PriceInput {
  sending: string;
  receiving: string;
  lockedSide: 'SENDING' | 'RECEIVING';
  lockedAmount: number;
  /** Platform fixed fee, in sending minor units. */
  fixedFee: number;
  /** Platform variable fee rate, a fraction of the sending amount. */
  variableFeeRate: number;
  /** The counterparty's fixed fee, in receiving minor units. */
  counterpartyFixedFee: number;
  atMs: number;
}

/** A priced transfer: the quote's amounts, rate and fee breakdown. */
export interface Price {
  totalSendingAmount: number;
  totalReceivingAmount: number;
  /** Sending minor units that are converted and delivered (after the platform's fees). */
  convertedAmount: number;
  exchangeRate: number;
  feesIncluded: number;
  rateDetails: OutgoingRateDetails;
}

const MSAT_PER_BTC = 100_000_000_000;

/**
 * The rate engine. One rule, applied identically for both locked sides:
 *
 *   V  = round(S × v)                         svcApiVariableFeeAmount (S = totalSendingAmount)
 *   C  = S − F − V                            converted amount (F = svcApiFixedFee, sending minor units)
 *   R  = round(C × m) − Fr                    totalReceivingAmount (m = receiving minor per sending minor,
 *                                             Fr = counterpartyFixedFee in receiving minor units)
 *   feesIncluded = F + V + round(Fr ÷ m)      the counterparty fee's sending equivalent moves with m
 *
 * `round` is money.roundMinor (half away from zero), applied once per conversion. With the SENDING side
 * locked, S is given. With RECEIVING locked, S is the smallest amount whose R reaches the locked amount
 * (found by binary search, since R never decreases as S grows),
 * and R is reported as exactly the locked amount (the at most one-minor-unit surplus of the last
 * conversion step stays with the payer's counterparty rather than creating money).
 */
export function price(p: PriceInput): Price | { error: string } {
  const sendPerUsd = perUsd(p.sending, p.atMs);
  const recvPerUsd = perUsd(p.receiving, p.atMs);
  if (sendPerUsd === undefined || recvPerUsd === undefined) return { error: 'no rate for this currency pair' };
  const sd = currency(p.sending).decimals;
  const rd = currency(p.receiving).decimals;
  const majorRate = recvPerUsd / sendPerUsd; // receiving major units per sending major unit
  const m = majorRate * 10 ** (rd - sd); // receiving minor units per sending minor unit
  const v = p.variableFeeRate;
  const forward = (s: number) => {
    const V = roundMinor(s * v);
    const C = s - p.fixedFee - V;
    return { V, C, R: roundMinor(C * m) - p.counterpartyFixedFee };
  };

  let S: number;
  if (p.lockedSide === 'SENDING') {
    S = p.lockedAmount;
  } else {
    // R grows monotonically with S, so a binary search finds the smallest S whose R reaches the target
    // in about 60 steps even at the int64 limit (a linear walk from an estimate could run for ever).
    let lo = 1;
    let hi = Math.max(2, Math.ceil((((p.lockedAmount + p.counterpartyFixedFee) / m + p.fixedFee) / Math.max(1 - v, 1e-9)) * 1.01) + 10);
    if (!Number.isSafeInteger(hi) || hi > MAX_AMOUNT) return { error: `the sending amount needed exceeds ${MAX_AMOUNT}` };
    if (forward(hi).R < p.lockedAmount) return { error: 'no sending amount reaches this receiving amount' };
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (forward(mid).R >= p.lockedAmount) hi = mid;
      else lo = mid + 1;
    }
    S = lo;
  }
  const { V, C, R } = forward(S);
  if (C <= 0 || R <= 0) return { error: 'the amount does not cover the fees' };
  if (R > MAX_AMOUNT || S > MAX_AMOUNT) return { error: `the amounts would exceed ${MAX_AMOUNT} minor units` };
  const totalReceivingAmount = p.lockedSide === 'RECEIVING' ? p.lockedAmount : R;
  const sendingUsd = 1 / sendPerUsd; // USD per sending major unit
  const btcUsd = 1 / (perUsd('BTC', p.atMs) ?? 1);
  const msatPerSendingMinor = (sendingUsd / btcUsd) * MSAT_PER_BTC / 10 ** sd;
  const msatPerReceivingMinor = ((1 / recvPerUsd) / btcUsd) * MSAT_PER_BTC / 10 ** rd;
  return {
    totalSendingAmount: S,
    totalReceivingAmount,
    convertedAmount: C,
    // Sending units per one receiving unit (the spec's convention), in major units.
    exchangeRate: 1 / majorRate,
    feesIncluded: p.fixedFee + V + roundMinor(p.counterpartyFixedFee / m),
    rateDetails: {
      counterpartyMultiplier: 1 / msatPerReceivingMinor,
      counterpartyFixedFee: p.counterpartyFixedFee,
      svcApiMultiplier: msatPerSendingMinor * (1 - v),
      svcApiFixedFee: p.fixedFee,
      svcApiVariableFeeRate: v,
      svcApiVariableFeeAmount: V,
    },
  };
}

/** The sandbox counterparty's fixed fee per receiving currency, in its minor units. */
export function counterpartyFixedFee(receiving: string): number {
  const fees: Record<string, number> = { USD: 25, EUR: 20, GBP: 20, MXN: 350, BRL: 100, INR: 1500, BTC: 0, USDC: 0, USDT: 0 };
  return fees[receiving] ?? 0;
}
