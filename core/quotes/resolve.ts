import type { z } from 'zod';
import { invalidInput, ServiceError } from '../kernel/errors';
import { findCurrency, STABLECOINS } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from '../customers/service';
import type { ReceiverService } from '../receivers/service';
import { QUOTE_OUTCOMES, outcomeKey, UMA_RECIPIENTS } from '../payments/outcomes';
import { accountRails, hasInstantRail } from '../payments/instructions';
import { PAYMENT_RAILS, type PaymentRail } from '../payments/vocabulary';
import type { createQuoteSchema, QuoteSource, ResolvedQuoteDestination } from './schema';

type Body = z.infer<typeof createQuoteSchema>;

/** A quote's source after validation. */
export type ResolvedSource =
  | { kind: 'ACCOUNT'; accountId: string; currency: string; customerId: string | null; accountType: string }
  | { kind: 'REALTIME_FUNDING'; currency: string; customerId: string | null; cryptoNetwork?: NonNullable<Extract<QuoteSource, { sourceType: 'REALTIME_FUNDING' }>['cryptoNetwork']> | undefined };

/** A quote's destination after validation, with the sandbox scenario it selects. */
export interface ResolvedDestination {
  kind: 'ACCOUNT' | 'UMA_ADDRESS';
  currency: string;
  /** The resource form of the destination (defaults filled in). */
  resource: ResolvedQuoteDestination;
  accountId: string | null;
  receiverIdentifier: string;
  paymentRail: PaymentRail | null;
  railSelectionMode: 'MANUAL' | 'AUTO' | null;
  /** `QUOTE:<key>` or `UMA:<local part>`; see payments/outcomes.ts. */
  scenario: string;
}

const isRail = (r: string): r is PaymentRail => (PAYMENT_RAILS as readonly string[]).includes(r);

/**
 * Rails an external account can receive on, its default first: the account's own `paymentRails` when
 * it lists any the API knows (unknown names are ignored, so a quote never names a rail outside the
 * PaymentRail enum), else the rails of its type.
 */
export function railsOf(accountType: string, info: Record<string, unknown>, currency: string): PaymentRail[] {
  const listed = info['paymentRails'];
  const known = Array.isArray(listed) ? listed.map(String).filter(isRail) : [];
  if (known.length) return known;
  const byType = accountRails(accountType, currency).filter(isRail);
  return byType.length ? byType : ['BANK_TRANSFER'];
}

/** Validates a quote's source: an active internal account, or an instant just-in-time funding method. */
export function resolveSource(body: Body, internal: InternalAccountService, customers: CustomerService): ResolvedSource {
  const s = body.source;
  if (s.sourceType === 'ACCOUNT') {
    const account = internal.record(s.accountId);
    if (account.status !== 'ACTIVE') throw invalidInput('source.accountId', `internal account ${s.accountId} is ${account.status}, not ACTIVE`);
    if (account.customerId && s.customerId && s.customerId !== account.customerId) {
      throw invalidInput('source.customerId', 'must name the owner of the source account (only FBO platform accounts act for another customer)');
    }
    const customerId = account.customerId ?? s.customerId ?? null;
    if (customerId) customers.assertLive(customerId);
    return { kind: 'ACCOUNT', accountId: account.id, currency: account.currency, customerId, accountType: account.type };
  }
  const code = s.currency.toUpperCase();
  if (!findCurrency(code)) throw invalidInput('source.currency', `${s.currency} is not a supported currency`);
  if (!hasInstantRail(code)) throw invalidInput('source.currency', `${code} has no instant payment method; REALTIME_FUNDING needs an instant rail (RTP, SEPA Instant, PIX, Spark, stablecoins...), never ACH or wire`);
  if (STABLECOINS.has(code) && !s.cryptoNetwork) throw invalidInput('source.cryptoNetwork', `is required when the funding currency is the stablecoin ${code}`);
  if (s.customerId) customers.assertLive(s.customerId);
  return { kind: 'REALTIME_FUNDING', currency: code, customerId: s.customerId ?? null, cryptoNetwork: s.cryptoNetwork };
}

/** Validates a quote's destination and picks its rail and sandbox scenario. */
export function resolveDestination(body: Body, external: ExternalAccountService, receivers: ReceiverService): ResolvedDestination {
  const d = body.destination;
  if (d.destinationType === 'ACCOUNT') {
    const { account, identifier } = external.destination(d.accountId);
    const accountType = String(account.accountInfo.accountType);
    const rails = railsOf(accountType, account.accountInfo, account.currency);
    if (d.paymentRail && !rails.includes(d.paymentRail)) {
      throw invalidInput('destination.paymentRail', `${d.paymentRail} is not supported by this ${accountType}; use one of ${rails.join(', ')}`);
    }
    if (body.lookupId) {
      const lookup = receivers.get(body.lookupId);
      if (lookup.kind !== 'EXTERNAL_ACCOUNT' || lookup.target !== account.id) throw invalidInput('lookupId', `was issued for ${lookup.target}, not for ${account.id}`);
      requirePayerData(lookup.requiredPayerDataFields, body.senderCustomerInfo);
    }
    const paymentRail = d.paymentRail ?? rails[0]!;
    return {
      kind: 'ACCOUNT', currency: account.currency, accountId: account.id, receiverIdentifier: identifier,
      resource: { destinationType: 'ACCOUNT', accountId: account.id, currency: account.currency, paymentRail },
      paymentRail, railSelectionMode: d.paymentRail ? 'MANUAL' : 'AUTO',
      scenario: `QUOTE:${outcomeKey(identifier, QUOTE_OUTCOMES)}`,
    };
  }
  if (!body.lookupId) throw invalidInput('lookupId', 'is required for a UMA_ADDRESS destination: call GET /receiver/uma/{receiverUmaAddress} first');
  const lookup = receivers.get(body.lookupId);
  if (lookup.kind !== 'UMA' || lookup.target.toLowerCase() !== d.umaAddress.toLowerCase()) {
    throw invalidInput('lookupId', `was issued for ${lookup.target}, not for ${d.umaAddress}`);
  }
  const supported = lookup.supportedCurrencies.map((c) => c.currency.code);
  const cur = (d.currency ?? supported[0] ?? '').toUpperCase();
  if (!supported.includes(cur)) throw invalidInput('destination.currency', `the receiver accepts ${supported.join(', ')}, not ${cur}`);
  requirePayerData(lookup.requiredPayerDataFields, body.senderCustomerInfo);
  const local = d.umaAddress.split('@')[0]!.toLowerCase();
  if (!UMA_RECIPIENTS[local]) throw new ServiceError(404, 'UMA_NOT_FOUND', `No receiver ${d.umaAddress} at the counterparty`);
  return {
    kind: 'UMA_ADDRESS', currency: cur, accountId: null, receiverIdentifier: d.umaAddress,
    resource: { destinationType: 'UMA_ADDRESS', umaAddress: d.umaAddress, currency: cur },
    paymentRail: null, railSelectionMode: null, scenario: `UMA:${local}`,
  };
}

/** Every mandatory field of a lookup's requiredPayerDataFields must be in senderCustomerInfo (400 naming the first missing one). */
function requirePayerData(fields: { name: string; mandatory: boolean }[], info: Record<string, string> | undefined): void {
  const missing = fields.filter((f) => f.mandatory && !info?.[f.name]);
  if (missing.length) {
    throw invalidInput(`senderCustomerInfo.${missing[0]!.name}`, 'is required by the receiver (requiredPayerDataFields of the lookup)', missing.slice(1).map((f) => ({ field: `senderCustomerInfo.${f.name}`, message: 'is required by the receiver' })));
  }
}

/** The scenario named by a stored scenario key. */
export function scenarioOf(key: string) {
  const [table, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (table === 'UMA') return UMA_RECIPIENTS[name]!.outcome;
  return QUOTE_OUTCOMES[name] ?? QUOTE_OUTCOMES['SUCCESS']!;
}
