import type { Db } from '../kernel/db';
import { insertRow } from '../kernel/sql';
import { isoOf } from '../kernel/clock';
import { currency } from '../kernel/money';
import type { PaymentInstructionsResource } from '../payments/schema';
import type { OutgoingRateDetails, Quote, QuoteSource, ResolvedQuoteDestination } from './schema';

/** A quote row as stored. */
export interface QuoteRow {
  id: string;
  status: Quote['status'];
  transaction_id: string;
  customer_id: string | null;
  source: string;
  destination: string;
  source_account_id: string | null;
  destination_account_id: string | null;
  sending_currency: string;
  receiving_currency: string;
  total_sending_amount: number;
  total_receiving_amount: number;
  exchange_rate: number;
  fees_included: number;
  rate_details: string;
  payment_instructions: string | null;
  counterparty_info: string | null;
  locked_side: 'SENDING' | 'RECEIVING';
  locked_amount: number;
  request: string;
  scenario: string;
  expires_at: number;
  executed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Maps a row to the Quote resource (the JSON columns hold what the service wrote, typed as the resource's parts). */
export function quoteFromRow(r: QuoteRow): Quote {
  const q: Quote = {
    id: r.id, status: r.status, createdAt: isoOf(r.created_at), expiresAt: isoOf(r.expires_at),
    source: JSON.parse(r.source) as QuoteSource, destination: JSON.parse(r.destination) as ResolvedQuoteDestination,
    sendingCurrency: currency(r.sending_currency), receivingCurrency: currency(r.receiving_currency),
    totalSendingAmount: r.total_sending_amount, totalReceivingAmount: r.total_receiving_amount,
    exchangeRate: r.exchange_rate, feesIncluded: r.fees_included, transactionId: r.transaction_id,
    rateDetails: JSON.parse(r.rate_details) as OutgoingRateDetails,
  };
  if (r.payment_instructions) q.paymentInstructions = JSON.parse(r.payment_instructions) as PaymentInstructionsResource[];
  if (r.counterparty_info) q.counterpartyInformation = JSON.parse(r.counterparty_info) as Record<string, string>;
  return q;
}

/** Inserts a quote row. */
export function insertQuote(db: Db, r: QuoteRow): void {
  insertRow(db, 'quotes', r);
}

/** A quote row by id. */
export function findQuote(db: Db, id: string): QuoteRow | undefined {
  return db.prepare('SELECT * FROM quotes WHERE id = ?').get(id) as QuoteRow | undefined;
}

/** The quote of a transaction, if it came from one. */
export function findQuoteByTransaction(db: Db, transactionId: string): QuoteRow | undefined {
  return db.prepare('SELECT * FROM quotes WHERE transaction_id = ?').get(transactionId) as QuoteRow | undefined;
}
