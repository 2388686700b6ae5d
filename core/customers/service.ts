import type { z } from 'zod';
import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccountService } from '../accounts/internal-service';
import type { PlatformService } from '../platform/service';
import type { CustomerRepo, CustomerSummary } from './repo';
import { INDIVIDUAL_FIELDS, verificationStatusOf, type createCustomerSchema, type Customer, type listCustomersQuery, type updateCustomerSchema, type VerificationStatus } from './schema';

/** A customer's name and contacts (declared with the query that reads them, in repo.ts). */
export type { CustomerSummary } from './repo';

type CustomerPatch = z.infer<typeof updateCustomerSchema>;

function slug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 40) || 'customer';
}

/** Customers: creation with automatic internal accounts, filtered listing, updates and soft deletion. */
export class CustomerService {
  // The repo is built by services.ts, which also hands its list of deleted customers to the accounts area.
  constructor(
    private readonly ctx: Ctx,
    private readonly repo: CustomerRepo,
    private readonly platform: PlatformService,
    private readonly accounts: InternalAccountService,
  ) {}

  /** Creates a customer. Individuals start APPROVED, businesses UNVERIFIED (their accounts wait as PENDING). */
  create(input: z.infer<typeof createCustomerSchema>): Customer {
    const now = isoOf(this.ctx.clock.nowMs());
    const id = this.ctx.ids('Customer');
    const platformCustomerId = input.platformCustomerId ?? id.slice('Customer:'.length);
    this.assertPlatformIdFree(platformCustomerId);
    const name = input.customerType === 'INDIVIDUAL' ? (input.fullName ?? '') : input.businessInfo.legalName;
    const umaAddress = input.umaAddress ?? this.freeUmaAddress(name || platformCustomerId);
    this.assertUmaFree(umaAddress);
    const status = input.customerType === 'INDIVIDUAL' ? (input.kycStatus ?? 'APPROVED') : (input.kybStatus ?? 'UNVERIFIED');
    const config = this.platform.get();
    const currencies = input.currencies ?? [config.supportedCurrencies[0]?.currencyCode ?? 'USD'];
    const { customerType: _type, platformCustomerId: _pid, umaAddress: _uma, ...fields } = input;
    const common = { ...fields, id, platformCustomerId, umaAddress, currencies, isDeleted: false, createdAt: now, updatedAt: now };
    const draft: Customer = input.customerType === 'INDIVIDUAL'
      ? { ...common, customerType: 'INDIVIDUAL', kycStatus: status }
      : { ...common, customerType: 'BUSINESS', kybStatus: status, businessInfo: input.businessInfo };
    return this.ctx.transaction(() => {
      const customer = this.repo.insert(draft);
      this.ctx.events.append('CUSTOMER.CREATED', 'Customer', id, { customerType: customer.customerType, status, platformCustomerId });
      this.accounts.provision(id, currencies, status === 'APPROVED' ? 'ACTIVE' : 'PENDING');
      return customer;
    });
  }

  /** One customer, deleted ones included (they answer with `isDeleted: true`); 404 USER_NOT_FOUND when unknown. */
  get(id: string): Customer {
    const c = this.repo.find(id);
    if (!c) throw notFound('USER_NOT_FOUND', `Customer ${id} not found`);
    return c;
  }

  /** Throws 404 USER_NOT_FOUND unless a customer has this id, and 410 CUSTOMER_DELETED if it was deleted. */
  assertLive(id: string): void {
    if (this.get(id).isDeleted) throw new ServiceError(410, 'CUSTOMER_DELETED', `Customer ${id} has been deleted`);
  }

  /** The live customer with this UMA address, in any letter case. */
  findLiveByUmaAddress(address: string): Customer | undefined {
    return this.repo.liveByUmaAddress(address);
  }

  /** A filtered page of customers, newest first. */
  list(q: z.infer<typeof listCustomersQuery>): Page<Customer> {
    return this.repo.list(q);
  }

  /**
   * Checks an update before anything changes (and before a signed-retry challenge is issued): a
   * deleted customer is 410, `customerType` must be the customer's own, fields of the other type are
   * refused, and new identifiers must be free. Returns the customer as it stands.
   */
  checkPatch(id: string, patch: CustomerPatch): Customer {
    this.assertLive(id);
    const c = this.get(id);
    if (patch.customerType && patch.customerType !== c.customerType) {
      throw invalidInput('customerType', `must be ${c.customerType}, the customer's type (a customer's type cannot change)`);
    }
    // A business has an address too (the contract's BusinessCustomerFields); the other person fields are an individual's.
    const foreign = c.customerType === 'BUSINESS' ? INDIVIDUAL_FIELDS.find((k) => k !== 'address' && patch[k] !== undefined) : patch.businessInfo ? 'businessInfo' : undefined;
    const foreignStatus = c.customerType === 'BUSINESS' ? (patch.kycStatus !== undefined ? 'kycStatus' : undefined) : (patch.kybStatus !== undefined ? 'kybStatus' : undefined);
    if (foreign ?? foreignStatus) throw invalidInput((foreign ?? foreignStatus)!, `applies only to ${c.customerType === 'BUSINESS' ? 'INDIVIDUAL' : 'BUSINESS'} customers`);
    if (patch.platformCustomerId && patch.platformCustomerId !== c.platformCustomerId) this.assertPlatformIdFree(patch.platformCustomerId);
    if (patch.umaAddress && patch.umaAddress !== c.umaAddress) this.assertUmaFree(patch.umaAddress);
    return c;
  }

  /** Applies an update checked by `checkPatch`; `customerType` only confirms the type and is not stored. */
  update(id: string, patch: CustomerPatch): Customer {
    const c = this.checkPatch(id, patch);
    const { customerType: _type, businessInfo, kycStatus, kybStatus, ...fields } = patch;
    const changed = { ...fields, updatedAt: isoOf(this.ctx.clock.nowMs()) };
    // checkPatch refused the other type's fields, so each branch only takes its own; businessInfo merges.
    const next: Customer = c.customerType === 'BUSINESS'
      ? { ...c, ...changed, businessInfo: { ...c.businessInfo, ...businessInfo } }
      : { ...c, ...changed };
    return this.ctx.transaction(() => {
      const saved = this.repo.save(next);
      // Each added currency gets its internal account, opened as the customer's verification allows.
      if (patch.currencies) this.accounts.provision(id, patch.currencies, verificationStatusOf(c) === 'APPROVED' ? 'ACTIVE' : 'PENDING');
      this.ctx.events.append('CUSTOMER.UPDATED', 'Customer', id, { changed: Object.keys(patch).filter((k) => k !== 'customerType') });
      // A stated verification status takes the same path as a verification's decision (its event, and accounts opened on approval).
      const status = kycStatus ?? kybStatus;
      if (status !== undefined && status !== verificationStatusOf(c)) return this.setVerificationStatus(id, status);
      return saved;
    });
  }

  /**
   * Sets a customer's KYC (individual) or KYB (business) status, as a verification decided it, and
   * records CUSTOMER.KYC_<status> or CUSTOMER.KYB_<status>; approval opens its PENDING accounts.
   */
  setVerificationStatus(id: string, status: VerificationStatus): Customer {
    this.assertLive(id);
    const c = this.get(id);
    const updatedAt = isoOf(this.ctx.clock.nowMs());
    const next: Customer = c.customerType === 'BUSINESS' ? { ...c, kybStatus: status, updatedAt } : { ...c, kycStatus: status, updatedAt };
    return this.ctx.transaction(() => {
      const saved = this.repo.save(next);
      this.ctx.events.append(`CUSTOMER.${c.customerType === 'BUSINESS' ? 'KYB' : 'KYC'}_${status}`, 'Customer', id, { status });
      if (status === 'APPROVED') this.accounts.activateForCustomer(id);
      return saved;
    });
  }

  /** Soft-deletes a customer; its platformCustomerId and UMA address become free for reuse. */
  delete(id: string): Customer {
    this.assertLive(id);
    const next = { ...this.get(id), isDeleted: true, updatedAt: isoOf(this.ctx.clock.nowMs()) };
    return this.ctx.transaction(() => {
      const saved = this.repo.save(next);
      this.ctx.events.append('CUSTOMER.DELETED', 'Customer', id, {});
      return saved;
    });
  }

  /** Number of live customers. */
  count(): number {
    return this.repo.countLive();
  }

  /** Names and contacts of these customers, in one read. */
  summaries(ids: string[]): Map<string, CustomerSummary> {
    return new Map(this.repo.summaries(ids).map((s) => [s.id, s]));
  }

  /** Live customers whose name has words starting with each word given, ignoring case and accents ("Lucia" finds "Lucía"). */
  idsNamed(words: string, limit: number): string[] {
    return this.repo.idsNamed(words, limit);
  }

  /** Live customers whose id ends with these 12 hex digits. */
  idsWithTail(tail: string): string[] {
    return this.repo.idsWithTail(tail);
  }

  /** Customers named by what support staff paste (ids, contacts, names), best matches first. */
  search(q: string, limit: number): CustomerSummary[] {
    return this.repo.search(q, limit);
  }

  private assertPlatformIdFree(platformCustomerId: string): void {
    const dup = this.repo.liveIdWithPlatformId(platformCustomerId);
    if (dup) throw conflict(`A customer with platformCustomerId "${platformCustomerId}" already exists (${dup})`, 'CONFLICT', { existingId: dup });
  }

  private assertUmaFree(uma: string): void {
    const dup = this.repo.liveIdWithUma(uma);
    if (dup) throw conflict(`UMA address ${uma} is already taken (${dup})`, 'UMA_ADDRESS_EXISTS', { existingId: dup });
  }

  private freeUmaAddress(name: string): string {
    const domain = this.platform.get().umaDomain;
    const base = `$${slug(name)}`;
    for (let i = 0; ; i++) {
      const candidate = `${base}${i ? `.${i + 1}` : ''}@${domain}`;
      if (!this.repo.liveIdWithUma(candidate)) return candidate;
    }
  }
}
