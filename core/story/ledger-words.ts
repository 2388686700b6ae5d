import { formatMinor, type CurrencyLike } from './money';
import type { MoneyStoryContext } from './money-story';
import { middleTruncate } from './ids';
import { journalLabel, ledgerEdgeLabel } from './words';

/** Finds a currency's decimals by code (undefined when this screen does not know the currency). */
export type CurrencyLookup = (code: string) => CurrencyLike | undefined;

// "25000 USD", "-120 EUR": an integer of minor units followed by a currency code, as the core writes them
// today. Not after a digit, point or comma, so an amount already written in units ("250.00 USD") stays as it is.
const RAW_AMOUNT = /(?<![\d.,])(-?\d+) ([A-Z][A-Z0-9]{2,4})\b/g;

/**
 * A ledger journal's description for people. The core writes amounts in minor units ("Sandbox funding
 * of 25000 USD", "PAYMENT_SETTLED: 10000 USD"); this puts each amount in its currency's units
 * (`250.00 USD`) and the journal's code in words. An amount of a currency this screen cannot format
 * says so rather than showing a bare integer as if it were major units.
 */
export function ledgerDescription(entry: { kind: string; description: string }, currencyOf: CurrencyLookup): string {
  let text = entry.description;
  if (text.startsWith(`${entry.kind}:`)) text = `${journalLabel(entry.kind)}:${text.slice(entry.kind.length + 1)}`;
  return text.replace(RAW_AMOUNT, (whole, digits: string, code: string) => {
    const currency = currencyOf(code);
    if (currency) return formatMinor(Number(digits), currency);
    return Number.isSafeInteger(Number(digits)) ? `${digits} minor units of ${code}` : whole;
  });
}

/** A ledger line's account for people: a position outside customers' accounts in words, an internal account by its owner. */
export function ledgerAccountLabel(accountId: string, ctx: MoneyStoryContext = {}): string {
  const edge = ledgerEdgeLabel(accountId);
  if (edge) return edge;
  const a = ctx.internalAccounts?.[accountId];
  if (!a) return middleTruncate(accountId, 10);
  const owner = a.customerId ? ctx.customers?.[a.customerId]?.name ?? 'Customer' : ctx.platformName ?? 'Platform';
  return `${owner} · ${a.currency} ${a.type === 'EMBEDDED_WALLET' ? 'wallet' : 'balance'}`;
}
