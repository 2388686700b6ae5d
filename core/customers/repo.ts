import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import type { Customer, VerificationStatus } from './schema';

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

/** Maps a row to the Customer resource (KYC for individuals, KYB for businesses). */
export function customerFromRow(r: CustomerRow): Customer {
  const data = JSON.parse(r.data) as Record<string, unknown>;
  const c: Customer = {
    id: r.id, platformCustomerId: r.platform_customer_id, customerType: r.customer_type, umaAddress: r.uma_address,
    ...data, isDeleted: r.is_deleted === 1, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  if (r.customer_type === 'INDIVIDUAL') c.kycStatus = r.kyc_status;
  else c.kybStatus = r.kyc_status;
  if (r.email) c.email = r.email;
  if (r.phone_number) c.phoneNumber = r.phone_number;
  if (r.region) c.region = r.region;
  return c;
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
