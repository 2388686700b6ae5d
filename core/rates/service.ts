import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { invalidInput, ServiceError } from '../kernel/errors';
import { convertMinor, currency, roundMinor } from '../kernel/money';
import type { PlatformService } from '../platform/service';
import { defaultRail } from '../payments/instructions';
import { midRate, ratedCurrencies, windowStart } from './table';
import type { ExchangeRate } from './schema';

/** The ExchangeRate resource (declared with its schema in schema.ts). */
export type { ExchangeRate } from './schema';

/**
 * Exchange rates for the platform: the sandbox mid rate of the current 5-minute window, with the
 * platform's fees taken from the sending amount: the fixed fee in the sending currency plus the variable
 * rate times the sending amount (the same rule as quotes' svcApiVariableFeeAmount).
 */
export class RateService {
  constructor(private readonly ctx: Ctx, private readonly platform: PlatformService) {}

  /** Converts minor units of `from` into minor units of `to` at the current mid rate (rounded once). */
  convert(amount: number, from: string, to: string): number {
    if (from === to) return amount;
    const rate = midRate(from, to, this.ctx.clock.nowMs());
    if (rate === undefined) throw invalidInput('currency', `no exchange rate between ${from} and ${to}`);
    return convertMinor(amount, from, to, rate);
  }

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
    const fixed = config.fees.fixedFees[src] ?? 0;
    // The smallest amount worth sending must cover the fixed fee and still deliver something.
    const minSendingAmount = Math.max(limits?.minAmount ?? 1, fixed + 1);
    const maxSendingAmount = limits?.maxAmount ?? 9_000_000_000_000_000;
    if (sendingAmount < minSendingAmount || sendingAmount > maxSendingAmount) {
      throw new ServiceError(400, 'AMOUNT_OUT_OF_RANGE', `sendingAmount must be between ${minSendingAmount} and ${maxSendingAmount} ${src} minor units`, { field: 'sendingAmount', minSendingAmount, maxSendingAmount });
    }
    return dests.map((dst) => {
      const rate = midRate(src, dst, now)!;
      const variable = roundMinor(sendingAmount * config.fees.variableFeeRate);
      const total = fixed + variable;
      return {
        sourceCurrency: currency(src),
        destinationCurrency: currency(dst),
        destinationPaymentRail: defaultRail(dst),
        minSendingAmount,
        maxSendingAmount,
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
