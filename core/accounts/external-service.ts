import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import { findCurrency } from '../kernel/money';
import type { Page } from '../kernel/pagination';
import { scenarioSuffix } from '../payments/suffix';
import { externalAccountRepo, type BeneficiaryStatus, type ExternalAccountSummary, type IdentifiedAccount } from './external-repo';
import { ACCOUNT_INFO, currenciesOfAccountType, withRails, type createExternalAccountSchema, type ExternalAccount } from './external-schema';

/** The ExternalAccount resource (declared with its schema in external-schema.ts). */
export type { ExternalAccount } from './external-schema';
/** The beneficiary check, an account with its identifier, and search hits (declared in external-repo.ts). */
export type { BeneficiaryStatus, ExternalAccountSummary, IdentifiedAccount } from './external-repo';

/** The sandbox's beneficiary name check by the identifier's last 3 digits (other suffixes: MATCHED; 105 is refused). */
export const BENEFICIARY_BY_SUFFIX: Record<string, BeneficiaryStatus> = {
  '102': 'NOT_MATCHED', '103': 'PARTIAL_MATCH', '104': 'PENDING', '106': 'UNSUPPORTED', '107': 'CHECKED_BY_RECEIVING_FI',
};

// Counterparty fields that describe the account, the payment or the receiving institution, not the person or business.
const NOT_ABOUT_THE_BENEFICIARY = new Set(['ACCOUNT_IDENTIFIER', 'PURPOSE_OF_PAYMENT', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'ULTIMATE_INSTITUTION_COUNTRY']);

/** External accounts of customers and of the platform, validated per account type. */
export class ExternalAccountService {
  private readonly repo;

  /**
   * `customerExists` throws unless a live customer has the id (customers sit above accounts, so it is passed in);
   * `counterpartyFields` answers the counterparty fields the platform's configuration lists for a currency.
   */
  constructor(
    private readonly ctx: Ctx,
    private readonly customerExists: (id: string) => void,
    private readonly counterpartyFields: (currency: string) => readonly { name: string; mandatory: boolean }[],
  ) {
    this.repo = externalAccountRepo(ctx.db);
  }

  /** Validates and stores an external account; the 1xx suffixes drive the sandbox's name verification. */
  create(input: z.infer<typeof createExternalAccountSchema>, owner: 'CUSTOMER' | 'PLATFORM'): ExternalAccount {
    // On the customers path a missing customerId means the platform owns the account, as upstream documents
    // ("absent => platform"); it is then read back under /platform/external-accounts.
    if (owner === 'PLATFORM' && input.customerId) throw invalidInput('customerId', 'must be omitted for a platform external account');
    if (input.customerId) this.customerExists(input.customerId);
    const { accountType: type, ...fields } = input.accountInfo as Record<string, unknown> & { accountType: string };
    const spec = ACCOUNT_INFO[type]!;
    const currency = input.currency.toUpperCase();
    if (!findCurrency(currency)) throw invalidInput('currency', `${input.currency} is not a supported currency`);
    const allowed = currenciesOfAccountType(type);
    if (allowed && !allowed.includes(currency)) throw invalidInput('currency', `${currency} does not match accountType ${type} (expected ${allowed.join(' or ')})`);
    // Upstream requires paymentRails on bank variants: a caller that names none gets every rail of the type.
    const info = withRails(fields, type, currency);
    const ownership = input.ownershipType ?? 'THIRD_PARTY';
    // Bank and mobile variants require a beneficiary in their schema; a wallet needs one only where the
    // platform's counterparty rules ask for counterparty data in its currency (upstream's behaviour).
    const rule = this.counterpartyRule(currency);
    if (!info['beneficiary'] && rule) throw invalidInput('accountInfo.beneficiary', `is required: the platform requires ${rule} for ${currency} counterparties`);
    const primaryField = spec.primary.find((f) => typeof info[f] === 'string' && info[f] !== '');
    if (!primaryField) {
      throw invalidInput(`accountInfo.${spec.primary[0]}`, `is required${spec.primary.length > 1 ? ` (or one of ${spec.primary.slice(1).join(', ')})` : ''}: it identifies the ${type}`);
    }
    const primary = String(info[primaryField]);
    const suffix = scenarioSuffix(primary);
    if (suffix === '105') {
      throw new ServiceError(400, 'INVALID_BANK_ACCOUNT', `The receiving institution reports account ${primary} as invalid (sandbox suffix 105)`, { field: `accountInfo.${primaryField}` });
    }
    const dup = this.repo.duplicateOf(input.customerId ?? null, type, primary);
    if (dup) throw conflict(`An external account with this ${primaryField} already exists (${dup})`, 'CONFLICT', { existingId: dup });
    const atMs = this.ctx.clock.nowMs();
    const account = {
      id: this.ctx.ids('ExternalAccount'), customerId: input.customerId ?? null, currency, accountType: type, identifier: primary, info,
      platformAccountId: input.platformAccountId ?? null, ownershipType: ownership, defaultUmaDepositAccount: input.defaultUmaDepositAccount === true,
      beneficiaryStatus: (suffix && BENEFICIARY_BY_SUFFIX[suffix]) || 'MATCHED', atMs,
    };
    return this.ctx.transaction(() => {
      const created = this.repo.insert(account);
      this.ctx.events.append('EXTERNAL_ACCOUNT.CREATED', 'ExternalAccount', account.id, { customerId: account.customerId, accountType: type, currency });
      return created;
    });
  }

  /** The mandatory counterparty fields the platform's configuration names for a currency, in words; undefined when none. */
  private counterpartyRule(currency: string): string | undefined {
    const fields = this.counterpartyFields(currency).filter((f) => f.mandatory && !NOT_ABOUT_THE_BENEFICIARY.has(f.name)).map((f) => f.name);
    return fields.length ? fields.join(', ') : undefined;
  }

  /** One live account (404 when unknown or deleted, or owned by the other side). */
  get(id: string, owner?: 'CUSTOMER' | 'PLATFORM'): ExternalAccount {
    return this.destination(id, owner).account;
  }

  /** A live account with the identifier the sandbox reads outcomes from (a quote's or transfer's destination). */
  destination(id: string, owner?: 'CUSTOMER' | 'PLATFORM'): IdentifiedAccount {
    const found = this.repo.findLive(id);
    if (!found || (owner === 'CUSTOMER' && !found.account.customerId) || (owner === 'PLATFORM' && found.account.customerId)) {
      throw notFound('REFERENCE_NOT_FOUND', `External account ${id} not found`);
    }
    return found;
  }

  /** A page of live accounts of customers or of the platform. */
  list(owner: 'CUSTOMER' | 'PLATFORM', f: { customerId?: string | undefined; currency?: string | undefined; limit: number; cursor?: string | undefined }): Page<ExternalAccount> {
    return this.repo.list(owner, f);
  }

  /** Soft-deletes an account (it stays visible in the history of transactions that used it). */
  delete(id: string, owner: 'CUSTOMER' | 'PLATFORM'): void {
    this.destination(id, owner);
    this.ctx.transaction(() => {
      this.repo.delete(id, this.ctx.clock.nowMs());
      this.ctx.events.append('EXTERNAL_ACCOUNT.DELETED', 'ExternalAccount', id, {});
    });
  }

  /** The identifier of any account, deleted ones included (undefined for an unknown id). */
  identifierOf(id: string): string | undefined {
    return this.repo.identifierOf(id);
  }

  /** Accounts named by id or identifier (the global search). */
  search(q: string, limit: number): ExternalAccountSummary[] {
    return this.repo.search(q, limit);
  }

  /** Number of live accounts. */
  count(): number {
    return this.repo.countLive();
  }
}
