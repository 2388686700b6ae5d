import type { Customer } from '../customers/schema';
import type { ExternalAccount } from '../accounts/external-service';
import type { InternalAccount } from '../accounts/internal-service';
import type { Transaction } from '../transactions/schema';
import { customerName, externalIdentifier } from './customer';
import { accountTypeLabel, railLabel } from './words';

/**
 * Where the money went: who sent a transaction's money and where it was paid to, by name, for every
 * kind of transaction (quotes, transfers out and in, incoming UMA payments). Works from what a list
 * row carries plus whatever the context knows; every fact in the context is optional, so a row with
 * no context still reads sensibly ("Customer cust-alice-001", "Bank account •••• 0000").
 */

/** A customer as the story names them. */
export interface CustomerFacts {
  name: string;
  platformCustomerId?: string | undefined;
}

/** An internal account: whose it is and what it holds. */
export interface InternalAccountFacts {
  customerId: string | null;
  currency: string;
  type?: string | undefined;
}

/** An external account: the beneficiary, the bank or wallet, and its identifier (masked when shown). */
export interface ExternalAccountFacts {
  customerId: string | null;
  currency: string;
  accountType: string;
  identifier: string;
  beneficiaryName?: string | undefined;
  bankName?: string | undefined;
  /** The mobile-money provider, for phone-number accounts. */
  provider?: string | undefined;
}

/** What is known about the parties a transaction names, by id. Plain records, so the core can send them as they are. */
export interface MoneyStoryContext {
  /** The platform's name, for money the platform itself sends or receives. */
  platformName?: string | undefined;
  customers?: Readonly<Record<string, CustomerFacts>>;
  internalAccounts?: Readonly<Record<string, InternalAccountFacts>>;
  externalAccounts?: Readonly<Record<string, ExternalAccountFacts>>;
}

/** One end of a payment, in words. */
export interface Party {
  /** Who: a person's or business's name, the platform, or a UMA address. */
  name: string;
  role: 'CUSTOMER' | 'PLATFORM' | 'BENEFICIARY' | 'UMA' | 'UNKNOWN';
  /** The customer to open, when the party is one. */
  customerId?: string;
  /** The account the money left or reached, when it is one. */
  accountId?: string;
  /** The bank, wallet or balance: `Sandbox Bank N.A.`, `Solana wallet`, `USD balance`. */
  via?: string;
  /** The account identifier, masked: `•••• 0000`. */
  account?: string;
  /** The payment rail in words, and its API name. */
  rail?: string;
  railCode?: string;
  /** All of it on one line, for a table cell: `Sophie Martin · Sandbox Bank N.A. · •••• 0000 · SEPA Instant`. */
  label: string;
}

/** The fields of a transaction the story reads (a list row has all of them). */
type StoryTx = Pick<Transaction, 'type' | 'customerId' | 'platformCustomerId' | 'destination' | 'counterpartyInformation'> & {
  source?: Transaction['source'];
  paymentRail?: string | null | undefined;
};

/**
 * An account identifier as support staff may see it: the last 4 characters of an account number,
 * IBAN, CLABE or phone number (`•••• 0000`); addresses people pay to (`name@domain`) in full; long
 * wallet addresses shortened in the middle.
 */
export function maskIdentifier(identifier: string): string {
  const id = identifier.replace(/\s+/g, '');
  if (!id || id === '—') return '';
  if (id.includes('@')) return id;
  if (/^[+\dA-Z]+$/.test(id) && /\d{4}$/.test(id)) return `•••• ${id.slice(-4)}`;
  return id.length > 14 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
}

/** A crypto network as people write it: `SOLANA` -> `Solana`. */
const networkName = (network: string) => network.charAt(0) + network.slice(1).toLowerCase();

const line = (p: Omit<Party, 'label'>): Party => ({ ...p, label: [p.name, p.via, p.account, p.rail].filter(Boolean).join(' · ') });

function platform(ctx: MoneyStoryContext): string {
  return ctx.platformName ? `${ctx.platformName} (platform)` : 'The platform';
}

/** A customer's name, or their platform id, or a neutral word when nothing is known. */
function customerParty(customerId: string, ctx: MoneyStoryContext, tx?: StoryTx): Omit<Party, 'label'> {
  const c = ctx.customers?.[customerId];
  const fallback = tx?.customerId === customerId && tx.platformCustomerId ? `Customer ${tx.platformCustomerId}` : 'Customer';
  return { name: c?.name ?? fallback, role: 'CUSTOMER', customerId };
}

/** The owner of an internal account and its balance: `Alice Johnson · USD balance`. */
function internalParty(accountId: string, currency: string, ctx: MoneyStoryContext, tx: StoryTx): Omit<Party, 'label'> {
  const a = ctx.internalAccounts?.[accountId];
  const owner = a ? a.customerId : tx.customerId ?? null;
  const via = a?.type === 'EMBEDDED_WALLET' ? `${currency} embedded wallet` : `${currency} balance`;
  const who = owner ? customerParty(owner, ctx, tx) : { name: platform(ctx), role: 'PLATFORM' as const };
  return { ...who, accountId, via };
}

/** The beneficiary of an external account, its bank or wallet and its masked identifier. */
function externalParty(accountId: string, ctx: MoneyStoryContext, tx: StoryTx): Omit<Party, 'label'> {
  const a = ctx.externalAccounts?.[accountId];
  if (!a) return { name: 'External account', role: 'BENEFICIARY', accountId, via: 'bank or wallet details not loaded' };
  const owner = a.customerId ? ctx.customers?.[a.customerId]?.name : undefined;
  const name = a.beneficiaryName ?? owner ?? (a.customerId ? customerParty(a.customerId, ctx, tx).name : platform(ctx));
  const via = a.bankName ?? a.provider ?? accountTypeLabel(a.accountType);
  const account = maskIdentifier(a.identifier);
  return { name, role: 'BENEFICIARY', accountId, ...(a.customerId ? { customerId: a.customerId } : {}), via, ...(account ? { account } : {}) };
}

/** Who sent the money: a customer (by name) or the platform, and from which balance, bank or UMA address. */
export function senderOf(tx: StoryTx, ctx: MoneyStoryContext = {}): Party {
  const s = tx.source;
  if (!s) {
    const payer = tx.counterpartyInformation?.['FULL_NAME'];
    return line({ name: payer ?? 'Unknown sender', role: payer ? 'BENEFICIARY' : 'UNKNOWN' });
  }
  switch (s.sourceType) {
    case 'UMA_ADDRESS': {
      const payer = tx.counterpartyInformation?.['FULL_NAME'];
      return line({ name: payer ?? s.umaAddress, role: 'UMA', via: payer ? s.umaAddress : 'UMA address' });
    }
    case 'REALTIME_FUNDING': {
      const payer = s.customerId ?? tx.customerId;
      const who = payer ? customerParty(payer, ctx, tx) : { name: platform(ctx), role: 'PLATFORM' as const };
      return line({ ...who, via: `paid just in time in ${s.currency}${s.cryptoNetwork ? ` on ${networkName(s.cryptoNetwork)}` : ''}` });
    }
    case 'ACCOUNT':
      // An incoming transaction's ACCOUNT source is the external account a transfer-in pulls from.
      return line(tx.type === 'INCOMING' ? externalParty(s.accountId, ctx, tx) : internalParty(s.accountId, s.currency, ctx, tx));
  }
}

/** Where the money went: the beneficiary (name, bank or wallet, masked account, rail), a UMA address, or a customer's balance. */
export function destinationOf(tx: StoryTx, ctx: MoneyStoryContext = {}): Party {
  const d = tx.destination;
  if (d.destinationType === 'UMA_ADDRESS') return line({ name: d.umaAddress, role: 'UMA', via: `UMA address, paid in ${d.currency}` });
  if (tx.type === 'INCOMING') return line(internalParty(d.accountId, d.currency, ctx, tx));
  const code = tx.paymentRail ?? d.paymentRail ?? undefined;
  return line({ ...externalParty(d.accountId, ctx, tx), ...(code ? { rail: railLabel(code), railCode: code } : {}) });
}

/** The facts of a customer the story needs. */
export function customerFacts(c: Customer): CustomerFacts {
  return { name: customerName(c), platformCustomerId: c.platformCustomerId };
}

/** The facts of an internal account the story needs. */
export function internalAccountFacts(a: InternalAccount): InternalAccountFacts {
  return { customerId: a.customerId ?? null, currency: a.balance.currency.code, type: a.type };
}

/** The facts of an external account the story needs (the beneficiary's name, the bank or provider, the identifier). */
export function externalAccountFacts(a: ExternalAccount): ExternalAccountFacts {
  const info = a.accountInfo as Record<string, unknown>;
  const b = info['beneficiary'] as { fullName?: unknown; legalName?: unknown } | undefined;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    customerId: a.customerId ?? null, currency: a.currency, accountType: String(info['accountType']), identifier: externalIdentifier(info),
    beneficiaryName: text(b?.fullName) ?? text(b?.legalName), bankName: text(info['bankName']), provider: text(info['provider']),
  };
}
