import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { INDIVIDUAL_FIELDS, type Customer, type VerificationStatus } from './schema';

/** A customer row as stored; fields beyond the indexed ones live in `data`. */
export interface CustomerRow {
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

/** Maps a row to the Customer resource (KYC for individuals, KYB for businesses). */
export function customerFromRow(r: CustomerRow): Customer {
  const data = JSON.parse(r.data) as CustomerData;
  const fields = {
    id: r.id, platformCustomerId: r.platform_customer_id, umaAddress: r.uma_address,
    ...(r.region ? { region: r.region } : {}),
    ...(data.currencies ? { currencies: data.currencies } : {}),
    ...(r.email ? { email: r.email } : {}),
    ...(r.phone_number ? { phoneNumber: r.phone_number } : {}),
    ...(data.endUserTermsConsent ? { endUserTermsConsent: data.endUserTermsConsent } : {}),
    isDeleted: r.is_deleted === 1, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  if (r.customer_type === 'BUSINESS') {
    // A business is created with its businessInfo and patches only merge into it.
    if (!data.businessInfo) throw new Error(`Business customer ${r.id} has no businessInfo`);
    return { customerType: 'BUSINESS', kybStatus: r.kyc_status, ...fields, businessInfo: data.businessInfo };
  }
  const person = Object.fromEntries(INDIVIDUAL_FIELDS.filter((k) => data[k] !== undefined).map((k) => [k, data[k]])) as PersonFields;
  return { customerType: 'INDIVIDUAL', kycStatus: r.kyc_status, ...fields, ...person };
}

/** Inserts a customer row. */
export function insertCustomer(db: Db, r: CustomerRow): void {
  db.prepare(
    `INSERT INTO customers (id, platform_customer_id, customer_type, kyc_status, display_name, email, phone_number, uma_address,
       region, data, is_deleted, created_at, updated_at)
     VALUES (@id, @platform_customer_id, @customer_type, @kyc_status, @display_name, @email, @phone_number, @uma_address,
       @region, @data, @is_deleted, @created_at, @updated_at)`,
  ).run(r);
}

/** Writes every column of an existing row back. */
export function updateCustomerRow(db: Db, r: CustomerRow): void {
  db.prepare(
    `UPDATE customers SET platform_customer_id = @platform_customer_id, kyc_status = @kyc_status, display_name = @display_name,
       email = @email, phone_number = @phone_number, uma_address = @uma_address, region = @region, data = @data,
       is_deleted = @is_deleted, updated_at = @updated_at WHERE id = @id`,
  ).run(r);
}

/** A customer row by id (deleted ones included). */
export function findCustomer(db: Db, id: string): CustomerRow | undefined {
  return db.prepare('SELECT * FROM customers WHERE id = ?').get(id) as CustomerRow | undefined;
}
