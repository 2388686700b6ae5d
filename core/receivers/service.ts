import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { currency } from '../kernel/money';
import { midRate } from '../rates/table';
import { SANDBOX_UMA_DOMAIN, SUPPORTED_UMA_VERSIONS, UMA_RECIPIENTS, umaRefusal } from '../payments/outcomes';
import type { ExternalAccountService } from '../accounts/external-service';
import { lookupRepo } from './repo';
import type { AccountLookup, LookupResult, UmaLookup } from './schema';

/** The lookup answers (declared with their schemas in schema.ts). */
export type { LookupResult, PayerDataField } from './schema';

/** How long a lookup id stays usable for a quote. */
export const LOOKUP_TTL_MS = 15 * 60 * 1000;

const UMA = /^\$([a-z0-9._-]{1,64})@([a-z0-9.-]+\.[a-z]{2,})$/i;

/** Receiver lookups: UMA addresses at the sandbox counterparty, and the platform's external accounts. */
export class ReceiverService {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly external: ExternalAccountService) {
    this.repo = lookupRepo(ctx.db);
  }

  /** Looks up a UMA address (404 UMA_NOT_FOUND for an unknown receiver, 412 for an unsupported UMA version). */
  lookupUma(address: string, sendingCurrency = 'USD', customerId?: string): UmaLookup {
    const m = UMA.exec(address);
    if (!m) throw new ServiceError(400, 'INVALID_UMA_ADDRESS', `"${address}" is not a UMA address such as $alice@${SANDBOX_UMA_DOMAIN}`, { field: 'receiverUmaAddress' });
    const recipient = m[2]!.toLowerCase() === SANDBOX_UMA_DOMAIN ? UMA_RECIPIENTS[`$${m[1]!.toLowerCase()}`] : undefined;
    if (!recipient) throw notFound('UMA_NOT_FOUND', `No receiver ${address} at the counterparty`);
    const refusal = umaRefusal(recipient);
    if (refusal) {
      throw new ServiceError(refusal.status, refusal.code, refusal.message, { receiverVersion: recipient.umaVersion, supportedVersions: SUPPORTED_UMA_VERSIONS });
    }
    return this.store('UMA', address, customerId, {
      receiverUmaAddress: address,
      supportedCurrencies: [this.supported(recipient.currency, sendingCurrency)],
      requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }, { name: 'BIRTH_DATE', mandatory: true }, { name: 'NATIONALITY', mandatory: false }],
    });
  }

  /** Looks up one of the platform's external accounts as a payout destination. */
  lookupExternalAccount(accountId: string, sendingCurrency = 'USD'): AccountLookup {
    const account = this.external.get(accountId);
    return this.store('EXTERNAL_ACCOUNT', accountId, account.customerId, {
      accountId,
      supportedCurrencies: [this.supported(account.currency, sendingCurrency)],
      requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }],
    });
  }

  /** A stored lookup that is still valid (404 LOOKUP_REQUEST_NOT_FOUND otherwise). */
  get(lookupId: string): LookupResult & { kind: string; target: string } {
    const found = this.repo.find(lookupId);
    if (!found) throw notFound('LOOKUP_REQUEST_NOT_FOUND', `Lookup ${lookupId} not found`);
    if (found.expiresAt <= this.ctx.clock.nowMs()) throw notFound('LOOKUP_REQUEST_NOT_FOUND', `Lookup ${lookupId} has expired; look the receiver up again`);
    return { ...found.response, kind: found.kind, target: found.target };
  }

  private supported(receiving: string, sending: string) {
    const s = sending.toUpperCase();
    const rate = midRate(s, receiving, this.ctx.clock.nowMs());
    if (rate === undefined) throw invalidInput('senderCurrency', `${sending} is not a supported currency`);
    return { currency: currency(receiving), estimatedExchangeRate: 1 / rate, min: 1, max: 100_000_000_00 };
  }

  private store<T extends LookupResult>(kind: 'UMA' | 'EXTERNAL_ACCOUNT', target: string, customerId: string | undefined, body: Omit<T, 'lookupId'>): T {
    const id = this.ctx.ids('Lookup');
    const result = { lookupId: id, ...body } as T;
    const now = this.ctx.clock.nowMs();
    this.repo.insert(id, { kind, target, customerId: customerId ?? null, response: result, atMs: now, expiresAt: now + LOOKUP_TTL_MS });
    return result;
  }
}
