import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { invalidInput } from '../kernel/errors';
import { convertMinor, currency, roundMinor, type Currency } from '../kernel/money';
import type { PlatformService } from '../platform/service';
import { defaultRail, midRate, ratedCurrencies, windowStart } from './table';

/** The ExchangeRate resource (all fields required, upstream's shape). */
export interface ExchangeRate {
  sourceCurrency: Currency;
  destinationCurrency: Currency;
  destinationPaymentRail: string;
  minSendingAmount: number;
  maxSendingAmount: number;
  sendingAmount: number;
  receivingAmount: number;
  exchangeRate: number;
  fees: { fixed: number; variable: number; total: number };
  updatedAt: string;
}

/**
 * Exchange rates for the platform: the sandbox mid rate of the current 5-minute window, with the
 * platform's fees (fixed in the sending currency, then the variable rate) taken from the sending amount.
 */
export class RateService {
  constructor(private readonly ctx: Ctx, private readonly platform: PlatformService) {}

  /** Rates from `source` to each destination (default: every other supported currency). */
  list(source: string, destinations: string[] | undefined, sendingAmount: number): ExchangeRate[] {
    const src = source.toUpperCase();
    if (!ratedCurrencies().includes(src)) throw invalidInput('sourceCurrency', `${source} is not a supported currency`);
    const config = this.platform.get();
    const supported = config.supportedCurrencies.map((c) => c.currencyCode);
    const dests = (destinations ?? supported).map((d) => d.toUpperCase()).filter((d) => d !== src);
    for (const d of dests) if (!ratedCurrencies().includes(d)) throw invalidInput('destinationCurrency', `${d} is not a supported currency`);
    const now = this.ctx.clock.nowMs();
    const window = windowStart(now);
    const limits = config.supportedCurrencies.find((c) => c.currencyCode === src);
    return dests.map((dst) => {
      const rate = midRate(src, dst, now)!;
      const fixed = config.fees.fixedFees[src] ?? 0;
      const variable = roundMinor(Math.max(sendingAmount - fixed, 0) * config.fees.variableFeeRate);
      const total = Math.min(fixed + variable, sendingAmount);
      return {
        sourceCurrency: currency(src),
        destinationCurrency: currency(dst),
        destinationPaymentRail: defaultRail(dst),
        minSendingAmount: limits?.minAmount ?? 1,
        maxSendingAmount: limits?.maxAmount ?? 9_000_000_000_000_000,
        sendingAmount,
        receivingAmount: convertMinor(sendingAmount - total, src, dst, rate),
        // The spec's convention: sending units per one receiving unit.
        exchangeRate: 1 / rate,
        fees: { fixed, variable, total },
        updatedAt: isoOf(window),
      };
    });
  }
}
