import type { z } from 'zod';
import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { INDIVIDUAL_FIELDS, type Customer, type listCustomersQuery, type VerificationStatus } from './schema';

/** A customer row as stored; fields beyond the indexed ones live in `data`. */
interface CustomerRow {
  id: string;
  platform_customer_id: string;
  customer_type: 'INDIVIDUAL' | 'BUSINESS';
  kyc_status: VerificationStatus;
  display_name: string;
  email: string | null;
  phone_number: string | null;
  uma_address: string;
  region: string | null;
  data: string;
  is_deleted: number;
  created_at: number;
  updated_at: number;
}

type PersonFields = Partial<Pick<Extract<Customer, { customerType: 'INDIVIDUAL' }>, (typeof INDIVIDUAL_FIELDS)[number]>>;
/** The fields kept in the `data` column (everything but the indexed columns). */
type CustomerData = PersonFields & Partial<Pick<Customer, 'currencies' | 'endUserTermsConsent'>>
  & { businessInfo?: Extract<Customer, { customerType: 'BUSINESS' }>['businessInfo'] };

/** A customer's name and contacts, as search hits and the wallet list show them. */
export interface CustomerSummary {
  id: string;
  /** The person's full name or the business's legal name ('' for a person created without one). */
  name: string;
  platformCustomerId: string;
  email: string | null;
  umaAddress: string;
}

/** A stored consent in the contract's names (consents stored before them said `version` for `termsVersion`). */
function consentOf(stored: NonNullable<Customer['endUserTermsConsent']> & { version?: string }): NonNullable<Customer['endUserTermsConsent']> {
  const { version, ...rest } = stored;
  return version !== undefined && rest.termsVersion === undefined ? { ...rest, termsVersion: version } : rest;
}

/** Maps a row to the Customer resource (KYC for individuals, KYB for businesses). */
function customerFromRow(r: CustomerRow): Customer {
  const data = JSON.parse(r.data) as CustomerData;
  const fields = {
    id: r.id, platformCustomerId: r.platform_customer_id, umaAddress: r.uma_address,
    ...(r.region ? { region: r.region } : {}),
    ...(data.currencies ? { currencies: data.currencies } : {}),
    ...(r.email ? { email: r.email } : {}),
    ...(r.phone_number ? { phoneNumber: r.phone_number } : {}),
    ...(data.endUserTermsConsent ? { endUserTermsConsent: consentOf(data.endUserTermsConsent) } : {}),
    isDeleted: r.is_deleted === 1, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  if (r.customer_type === 'BUSINESS') {
    // A business is created with its businessInfo and patches only merge into it.
    if (!data.businessInfo) throw new Error(`Business customer ${r.id} has no businessInfo`);
    return { customerType: 'BUSINESS', kybStatus: r.kyc_status, ...fields, ...(data.address ? { address: data.address } : {}), businessInfo: data.businessInfo };
  }
  const person = Object.fromEntries(INDIVIDUAL_FIELDS.filter((k) => data[k] !== undefined).map((k) => [k, data[k]])) as PersonFields;
  return { customerType: 'INDIVIDUAL', kycStatus: r.kyc_status, ...fields, ...person };
}

/** Maps the resource back to its row: indexed fields to columns, the rest to `data`. */
function customerToRow(c: Customer): CustomerRow {
  const data: CustomerData = { currencies: c.currencies, endUserTermsConsent: c.endUserTermsConsent };
  if (c.customerType === 'BUSINESS') (data.businessInfo = c.businessInfo, data.address = c.address);
  else for (const k of INDIVIDUAL_FIELDS) (data as Record<string, unknown>)[k] = c[k];
  return {
    id: c.id, platform_customer_id: c.platformCustomerId, customer_type: c.customerType,
    kyc_status: c.customerType === 'BUSINESS' ? c.kybStatus : c.kycStatus, display_name: nameOf(c),
    email: c.email ?? null, phone_number: c.phoneNumber ?? null, uma_address: c.umaAddress, region: c.region ?? null,
    data: JSON.stringify(data), is_deleted: c.isDeleted ? 1 : 0, created_at: Date.parse(c.createdAt), updated_at: Date.parse(c.updatedAt),
  };
}

/** The name a customer is shown and searched by (stored as `display_name`). */
function nameOf(c: Customer): string {
  return c.customerType === 'BUSINESS' ? c.businessInfo.legalName : (c.fullName ?? '');
}

const SUMMARY = 'SELECT id, display_name AS name, platform_customer_id AS platformCustomerId, email, uma_address AS umaAddress FROM customers';

/** The SQL of customers, prepared once over a workspace's database. */
export function customerRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO customers (id, platform_customer_id, customer_type, kyc_status, display_name, email, phone_number, uma_address,
       region, data, is_deleted, created_at, updated_at)
     VALUES (@id, @platform_customer_id, @customer_type, @kyc_status, @display_name, @email, @phone_number, @uma_address,
       @region, @data, @is_deleted, @created_at, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE customers SET platform_customer_id = @platform_customer_id, kyc_status = @kyc_status, display_name = @display_name,
       email = @email, phone_number = @phone_number, uma_address = @uma_address, region = @region, data = @data,
       is_deleted = @is_deleted, updated_at = @updated_at WHERE id = @id`,
  );
  const byId = db.prepare<[string], CustomerRow>('SELECT * FROM customers WHERE id = ?');
  const liveByPlatformId = db.prepare<[string], { id: string }>('SELECT id FROM customers WHERE platform_customer_id = ? AND is_deleted = 0');
  const liveByUma = db.prepare<[string], { id: string }>('SELECT id FROM customers WHERE uma_address = ? AND is_deleted = 0');
  const liveByUmaAnyCase = db.prepare<[string], CustomerRow>('SELECT * FROM customers WHERE lower(uma_address) = lower(?) AND is_deleted = 0');
  const countLive = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM customers WHERE is_deleted = 0');
  const deleted = db.prepare<[], { id: string }>('SELECT id FROM customers WHERE is_deleted = 1');
  const summaries = db.prepare<[string], CustomerSummary>(`${SUMMARY} WHERE id IN (SELECT value FROM json_each(?))`);
  const search = db.prepare<{ q: string; like: string; limit: number }, CustomerSummary>(
    `${SUMMARY}
     WHERE id = @q OR platform_customer_id = @q OR lower(email) = lower(@q) OR uma_address = @q OR uma_address = '$' || @q
        OR display_name LIKE @like ESCAPE '\\' OR email LIKE @like ESCAPE '\\' OR uma_address LIKE @like ESCAPE '\\'
     ORDER BY (id = @q OR platform_customer_id = @q) DESC, created_at DESC LIMIT @limit`,
  );
  // Why the full-text index of migration 029: its tokenizer folds case and accents, so "Lucia" finds "Lucía".
  const named = db.prepare<[string, number], { id: string }>(
    `SELECT c.id FROM customers_names n JOIN customers c ON c.rowid = n.rowid
     WHERE customers_names MATCH ? AND c.is_deleted = 0 ORDER BY n.rank LIMIT ?`,
  );
  const tailed = db.prepare<[string], { id: string }>('SELECT id FROM customers WHERE substr(id, -12) = ? AND is_deleted = 0');
  return {
    /** Live customers whose id ends with these 12 hex digits (a truncated id's tail). */
    idsWithTail(tail: string): string[] {
      return tailed.all(tail.toLowerCase()).map((r) => r.id);
    },
    /** Live customers whose name has words starting with each of these words, ignoring case and accents (best matches first). */
    idsNamed(words: string, limit: number): string[] {
      const terms = words.split(/\s+/).map((w) => w.replace(/["*^:()]/g, '')).filter(Boolean).map((w) => `"${w}"*`);
      return terms.length ? named.all(terms.join(' AND '), limit).map((r) => r.id) : [];
    },
    /** Stores a new customer and returns it as it reads back. */
    insert(c: Customer): Customer {
      const row = customerToRow(c);
      insert.run(row);
      return customerFromRow(row);
    },
    /** Writes every field of an existing customer back and returns it as it reads back. */
    save(c: Customer): Customer {
      const row = customerToRow(c);
      update.run(row);
      return customerFromRow(row);
    },
    /** A customer by id, deleted ones included. */
    find(id: string): Customer | undefined {
      const row = byId.get(id);
      return row && customerFromRow(row);
    },
    /** The live customer holding a platformCustomerId, if any. */
    liveIdWithPlatformId(platformCustomerId: string): string | undefined {
      return liveByPlatformId.get(platformCustomerId)?.id;
    },
    /** The live customer holding a UMA address (exact), if any. */
    liveIdWithUma(umaAddress: string): string | undefined {
      return liveByUma.get(umaAddress)?.id;
    },
    /** The live customer whose UMA address matches in any letter case. */
    liveByUmaAddress(address: string): Customer | undefined {
      const row = liveByUmaAnyCase.get(address);
      return row && customerFromRow(row);
    },
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
      if (q.currency) (where.push("EXISTS (SELECT 1 FROM json_each(customers.data, '$.currencies') WHERE value = upper(?))"), params.push(q.currency));
      if (q.updatedAfter) (where.push('updated_at >= ?'), params.push(Date.parse(q.updatedAfter)));
      if (q.updatedBefore) (where.push('updated_at <= ?'), params.push(Date.parse(q.updatedBefore)));
      // isIncludingDeleted is upstream's name; includeDeleted, the older one, is still read.
      if ((q.isIncludingDeleted ?? q.includeDeleted) !== 'true') where.push('is_deleted = 0');
      return selectPage<CustomerRow, Customer>(db, {
        select: 'SELECT * FROM customers', from: 'FROM customers', where, params,
        limit: q.limit, cursor: q.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: customerFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** Number of live customers. */
    countLive(): number {
      return countLive.get()!.n;
    },
    /** Ids of deleted customers. */
    deletedIds(): string[] {
      return deleted.all().map((r) => r.id);
    },
    /** Names and contacts of these customers (one query for the whole batch; unknown ids are skipped). */
    summaries(ids: string[]): CustomerSummary[] {
      return ids.length ? summaries.all(JSON.stringify(ids)) : [];
    },
    /** Customers named by what support staff paste: exact ids and contacts first, then name and contact substrings. */
    search(q: string, limit: number): CustomerSummary[] {
      return search.all({ q, like: `%${q.replace(/[%_\\]/g, '\\$&')}%`, limit });
    },
  };
}

/** The customers' SQL, prepared once. */
export type CustomerRepo = ReturnType<typeof customerRepo>;
