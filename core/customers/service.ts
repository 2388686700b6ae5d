import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import { selectPage, type Page } from '../kernel/pagination';
import type { InternalAccountService } from '../accounts/internal-service';
import type { PlatformService } from '../platform/service';
import { customerFromRow, findCustomer, insertCustomer, updateCustomerRow, type CustomerRow } from './repo';
import { INDIVIDUAL_FIELDS, type createCustomerSchema, type Customer, type listCustomersQuery, type updateCustomerSchema } from './schema';

const INDEXED = ['platformCustomerId', 'email', 'phoneNumber', 'umaAddress', 'region', 'customerType'];

function slug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 40) || 'customer';
}

/** Customers: creation with automatic internal accounts, filtered listing, updates and soft deletion. */
export class CustomerService {
  constructor(private readonly ctx: Ctx, private readonly platform: PlatformService, private readonly accounts: InternalAccountService) {}

  /** Creates a customer. Individuals start APPROVED, businesses UNVERIFIED (their accounts wait as PENDING). */
  create(input: z.infer<typeof createCustomerSchema>): Customer {
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('Customer');
    const platformCustomerId = input.platformCustomerId ?? id.slice('Customer:'.length);
    this.assertPlatformIdFree(platformCustomerId);
    const name = input.customerType === 'INDIVIDUAL' ? (input.fullName ?? '') : input.businessInfo.legalName;
    const umaAddress = input.umaAddress ?? this.freeUmaAddress(name || platformCustomerId);
    this.assertUmaFree(umaAddress);
    const status = input.customerType === 'INDIVIDUAL' ? 'APPROVED' : 'UNVERIFIED';
    const config = this.platform.get();
    const currencies = input.currencies ?? [config.supportedCurrencies[0]?.currencyCode ?? 'USD'];
    const data: Record<string, unknown> = Object.fromEntries(Object.entries(input).filter(([k]) => !INDEXED.includes(k)));
    data['currencies'] = currencies;
    const row: CustomerRow = {
      id, platform_customer_id: platformCustomerId, customer_type: input.customerType, kyc_status: status,
      display_name: name, email: input.email ?? null, phone_number: input.phoneNumber ?? null, uma_address: umaAddress,
      region: input.region ?? null, data: JSON.stringify(data), is_deleted: 0, created_at: now, updated_at: now,
    };
    return this.ctx.transaction(() => {
      insertCustomer(this.ctx.db, row);
      this.ctx.events.append('CUSTOMER.CREATED', 'Customer', id, { customerType: row.customer_type, status, platformCustomerId });
      this.accounts.provision(id, currencies, status === 'APPROVED' ? 'ACTIVE' : 'PENDING');
      return customerFromRow(row);
    });
  }

  /** One customer, deleted ones included (they answer with `isDeleted: true`). */
  get(id: string): Customer {
    return customerFromRow(this.row(id));
  }

  /** Throws 404 USER_NOT_FOUND unless a live customer has this id. */
  assertLive(id: string): void {
    const r = this.row(id);
    if (r.is_deleted) throw new ServiceError(410, 'CUSTOMER_DELETED', `Customer ${id} has been deleted`);
  }

  /** The stored row (404 USER_NOT_FOUND when unknown). */
  row(id: string): CustomerRow {
    const r = findCustomer(this.ctx.db, id);
    if (!r) throw notFound('USER_NOT_FOUND', `Customer ${id} not found`);
    return r;
  }

  /** A filtered page of customers, newest first. */
  list(q: z.infer<typeof listCustomersQuery>): Page<Customer> {
    const where: string[] = [];
    const params: unknown[] = [];
    const eq = (col: string, v: unknown) => { if (v !== undefined) (where.push(`${col} = ?`), params.push(v)); };
    eq('platform_customer_id', q.platformCustomerId);
    eq('customer_type', q.customerType);
    eq('region', q.region);
    eq('lower(email)', q.email?.toLowerCase());
    eq('uma_address', q.umaAddress);
    eq('kyc_status', q.kycStatus);
    if (q.createdAfter) (where.push('created_at >= ?'), params.push(Date.parse(q.createdAfter)));
    if (q.createdBefore) (where.push('created_at <= ?'), params.push(Date.parse(q.createdBefore)));
    if (q.includeDeleted !== 'true') where.push('is_deleted = 0');
    return selectPage<CustomerRow, Customer>(this.ctx.db, {
      select: 'SELECT * FROM customers', from: 'FROM customers', where, params,
      limit: q.limit, cursor: q.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
      map: customerFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
    });
  }

  /**
   * Checks an update before anything changes (and before a signed-retry challenge is issued): a
   * deleted customer is 410, `customerType` must be the customer's own, fields of the other type are
   * refused, and new identifiers must be free. Returns the stored row.
   */
  checkPatch(id: string, patch: z.infer<typeof updateCustomerSchema>): CustomerRow {
    this.assertLive(id);
    const r = this.row(id);
    if (patch.customerType && patch.customerType !== r.customer_type) {
      throw invalidInput('customerType', `must be ${r.customer_type}, the customer's type (a customer's type cannot change)`);
    }
    const foreign = r.customer_type === 'BUSINESS' ? INDIVIDUAL_FIELDS.find((k) => patch[k] !== undefined) : patch.businessInfo ? 'businessInfo' : undefined;
    if (foreign) throw invalidInput(foreign, `applies only to ${r.customer_type === 'BUSINESS' ? 'INDIVIDUAL' : 'BUSINESS'} customers`);
    if (patch.platformCustomerId && patch.platformCustomerId !== r.platform_customer_id) this.assertPlatformIdFree(patch.platformCustomerId);
    if (patch.umaAddress && patch.umaAddress !== r.uma_address) this.assertUmaFree(patch.umaAddress);
    return r;
  }

  /** Applies an update checked by `checkPatch`; `customerType` only confirms the type and is not stored. */
  update(id: string, patch: z.infer<typeof updateCustomerSchema>): Customer {
    const r = this.checkPatch(id, patch);
    const data = JSON.parse(r.data) as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) {
      if (INDEXED.includes(k)) continue;
      data[k] = k === 'businessInfo' ? { ...(data['businessInfo'] as object), ...(v as object) } : v;
    }
    const next: CustomerRow = {
      ...r,
      platform_customer_id: patch.platformCustomerId ?? r.platform_customer_id,
      email: patch.email ?? r.email,
      phone_number: patch.phoneNumber ?? r.phone_number,
      uma_address: patch.umaAddress ?? r.uma_address,
      region: patch.region ?? r.region,
      display_name: (patch.fullName ?? (data['businessInfo'] as { legalName?: string } | undefined)?.legalName ?? r.display_name) as string,
      data: JSON.stringify(data),
      updated_at: this.ctx.clock.nowMs(),
    };
    return this.ctx.transaction(() => {
      updateCustomerRow(this.ctx.db, next);
      this.ctx.events.append('CUSTOMER.UPDATED', 'Customer', id, { changed: Object.keys(patch).filter((k) => k !== 'customerType') });
      return customerFromRow(next);
    });
  }

  /** Soft-deletes a customer; its platformCustomerId and UMA address become free for reuse. */
  delete(id: string): Customer {
    this.assertLive(id);
    const r = this.row(id);
    const next = { ...r, is_deleted: 1, updated_at: this.ctx.clock.nowMs() };
    return this.ctx.transaction(() => {
      updateCustomerRow(this.ctx.db, next);
      this.ctx.events.append('CUSTOMER.DELETED', 'Customer', id, {});
      return customerFromRow(next);
    });
  }

  /** Live and total customer counts. */
  count(): number {
    return (this.ctx.db.prepare('SELECT count(*) AS n FROM customers WHERE is_deleted = 0').get() as { n: number }).n;
  }

  private assertPlatformIdFree(platformCustomerId: string): void {
    const dup = this.ctx.db.prepare('SELECT id FROM customers WHERE platform_customer_id = ? AND is_deleted = 0').get(platformCustomerId) as { id: string } | undefined;
    if (dup) throw conflict(`A customer with platformCustomerId "${platformCustomerId}" already exists (${dup.id})`, 'CONFLICT', { existingId: dup.id });
  }

  private assertUmaFree(uma: string): void {
    const dup = this.ctx.db.prepare('SELECT id FROM customers WHERE uma_address = ? AND is_deleted = 0').get(uma) as { id: string } | undefined;
    if (dup) throw conflict(`UMA address ${uma} is already taken (${dup.id})`, 'UMA_ADDRESS_EXISTS', { existingId: dup.id });
  }

  private freeUmaAddress(name: string): string {
    const domain = this.platform.get().umaDomain;
    const base = `$${slug(name)}`;
    for (let i = 0; ; i++) {
      const candidate = `${base}${i ? `.${i + 1}` : ''}@${domain}`;
      if (!this.ctx.db.prepare('SELECT 1 FROM customers WHERE uma_address = ? AND is_deleted = 0').get(candidate)) return candidate;
    }
  }
}
