import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { currency } from '../kernel/money';
import type { PaymentInstructionsResource } from '../payments/schema';
import type { OutgoingRateDetails } from '../payments/vocabulary';
import type { Quote, QuoteSource, ResolvedQuoteDestination } from './schema';

/** A priced quote to store (times in epoch ms on the workspace clock). */
export interface NewQuote {
  id: string;
  transactionId: string;
  customerId: string | null;
  source: QuoteSource;
  destination: ResolvedQuoteDestination;
  sourceAccountId: string | null;
  destinationAccountId: string | null;
  sendingCurrency: string;
  receivingCurrency: string;
  totalSendingAmount: number;
  totalReceivingAmount: number;
  exchangeRate: number;
  feesIncluded: number;
  rateDetails: OutgoingRateDetails;
  paymentInstructions: PaymentInstructionsResource[] | null;
  counterpartyInfo: Record<string, string> | null;
  lockedSide: 'SENDING' | 'RECEIVING';
  lockedAmount: number;
  /** The request body as received, kept for support. */
  request: unknown;
  /** `QUOTE:<key>` or `UMA:<local part>`: the sandbox scenario its execution plays. */
  scenario: string;
  expiresAt: number;
  createdAt: number;
}

/** A stored quote: the resource, and the scenario its execution plays. */
export interface StoredQuote {
  quote: Quote;
  scenario: string;
}

/** A quote as the global search shows it. */
export interface QuoteSummary {
  id: string;
  status: Quote['status'];
  transactionId: string;
  customerId: string | null;
}

/** A quote as the history lists it: the resource, plus what its request asked (description, locked side and amount). */
export interface QuoteHistoryItem {
  quote: Quote;
  /** The customer the quote is for (also for account sources, whose resource does not name one); null for the platform. */
  customerId: string | null;
  description: string | null;
  lockedSide: 'SENDING' | 'RECEIVING';
  /** In minor units of the locked side's currency. */
  lockedAmount: number;
}

/** Filters of the quotes history (every one optional), newest first, keyset-paged. */
export interface QuoteHistoryFilter {
  /** A quote or transaction id (exact), or text found in the id or the description. */
  q?: string | undefined;
  status?: Quote['status'][] | undefined;
  customerId?: string | undefined;
  sendingCurrency?: string | undefined;
  receivingCurrency?: string | undefined;
  /** Creation instants, inclusive, as ISO strings. */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface QuoteRow {
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

/**
 * The columns the resource and its scenario are made of. Why not `*`: a read by id is the whole of
 * `GET /quotes/{id}`, and the request body and bookkeeping columns it would also turn into JS values
 * are never shown.
 */
const RESOURCE_COLUMNS = 'id, status, created_at, expires_at, source, destination, sending_currency, receiving_currency, total_sending_amount, '
  + 'total_receiving_amount, exchange_rate, fees_included, transaction_id, rate_details, payment_instructions, counterparty_info, scenario';
type ResourceRow = Pick<QuoteRow, 'id' | 'status' | 'created_at' | 'expires_at' | 'source' | 'destination' | 'sending_currency' | 'receiving_currency'
  | 'total_sending_amount' | 'total_receiving_amount' | 'exchange_rate' | 'fees_included' | 'transaction_id' | 'rate_details'
  | 'payment_instructions' | 'counterparty_info' | 'scenario'>;

/** Maps a row to the Quote resource (the JSON columns hold what the service wrote, typed as the resource's parts). */
function quoteFromRow(r: ResourceRow): Quote {
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

/** A history row: the quote's columns plus the description its request carried. */
type HistoryRow = QuoteRow & { description: string | null };
const historyItem = (r: HistoryRow): QuoteHistoryItem => ({ quote: quoteFromRow(r), customerId: r.customer_id, description: r.description, lockedSide: r.locked_side, lockedAmount: r.locked_amount });
const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

const stored = (r: ResourceRow): StoredQuote => ({ quote: quoteFromRow(r), scenario: r.scenario });
const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/** The SQL of quotes, prepared once over a workspace's database. */
export function quoteRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO quotes (id, status, transaction_id, customer_id, source, destination, source_account_id, destination_account_id,
       sending_currency, receiving_currency, total_sending_amount, total_receiving_amount, exchange_rate, fees_included, rate_details,
       payment_instructions, counterparty_info, locked_side, locked_amount, request, scenario, expires_at, executed_at, created_at, updated_at)
     VALUES (@id, @status, @transaction_id, @customer_id, @source, @destination, @source_account_id, @destination_account_id,
       @sending_currency, @receiving_currency, @total_sending_amount, @total_receiving_amount, @exchange_rate, @fees_included, @rate_details,
       @payment_instructions, @counterparty_info, @locked_side, @locked_amount, @request, @scenario, @expires_at, @executed_at, @created_at, @updated_at)`,
  );
  const byId = db.prepare<[string], ResourceRow>(`SELECT ${RESOURCE_COLUMNS} FROM quotes WHERE id = ?`);
  const byTransaction = db.prepare<[string], ResourceRow>(`SELECT ${RESOURCE_COLUMNS} FROM quotes WHERE transaction_id = ?`);
  const summaryById = db.prepare<[string], QuoteSummary>('SELECT id, status, transaction_id AS transactionId, customer_id AS customerId FROM quotes WHERE id = ?');
  const executed = db.prepare('UPDATE quotes SET executed_at = ? WHERE id = ?');
  const status = db.prepare('UPDATE quotes SET status = ?, updated_at = ? WHERE id = ?');
  return {
    /** Stores a new PENDING quote and returns it as it reads back. */
    insert(q: NewQuote): Quote {
      const row: QuoteRow = {
        id: q.id, status: 'PENDING', transaction_id: q.transactionId, customer_id: q.customerId, source: JSON.stringify(q.source),
        destination: JSON.stringify(q.destination), source_account_id: q.sourceAccountId, destination_account_id: q.destinationAccountId,
        sending_currency: q.sendingCurrency, receiving_currency: q.receivingCurrency, total_sending_amount: q.totalSendingAmount,
        total_receiving_amount: q.totalReceivingAmount, exchange_rate: q.exchangeRate, fees_included: q.feesIncluded,
        rate_details: JSON.stringify(q.rateDetails), payment_instructions: json(q.paymentInstructions), counterparty_info: json(q.counterpartyInfo),
        locked_side: q.lockedSide, locked_amount: q.lockedAmount, request: JSON.stringify(q.request), scenario: q.scenario,
        expires_at: q.expiresAt, executed_at: null, created_at: q.createdAt, updated_at: q.createdAt,
      };
      insert.run(row);
      return quoteFromRow(row);
    },
    /** A quote by id. */
    find(id: string): StoredQuote | undefined {
      const row = byId.get(id);
      return row && stored(row);
    },
    /** The quote of a transaction, if it came from one. */
    findByTransaction(transactionId: string): StoredQuote | undefined {
      const row = byTransaction.get(transactionId);
      return row && stored(row);
    },
    /** Records when a quote was executed (or funded). */
    setExecuted(id: string, atMs: number): void {
      executed.run(atMs, id);
    },
    /** Changes a quote's status (the service checks the transition). */
    setStatus(id: string, to: Quote['status'], atMs: number): void {
      status.run(to, atMs, id);
    },
    /** The quotes history: filtered, newest first, keyset-paged on (created_at, id), with the total count of matches. */
    history(f: QuoteHistoryFilter): Page<QuoteHistoryItem> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.q) {
        // An exact id is an index lookup; anything else is a substring of the id or the description.
        where.push(`(id = ? OR transaction_id = ? OR id LIKE ? ESCAPE '\\' OR json_extract(request, '$.description') LIKE ? ESCAPE '\\')`);
        params.push(f.q, f.q, likePattern(f.q), likePattern(f.q));
      }
      if (f.status?.length) (where.push(`status IN (${f.status.map(() => '?').join(', ')})`), params.push(...f.status));
      if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
      if (f.sendingCurrency) (where.push('sending_currency = ?'), params.push(f.sendingCurrency.toUpperCase()));
      if (f.receivingCurrency) (where.push('receiving_currency = ?'), params.push(f.receivingCurrency.toUpperCase()));
      if (f.from) (where.push('created_at >= ?'), params.push(Date.parse(f.from)));
      if (f.to) (where.push('created_at <= ?'), params.push(Date.parse(f.to)));
      return selectPage<HistoryRow, QuoteHistoryItem>(db, {
        select: "SELECT *, json_extract(request, '$.description') AS description FROM quotes", from: 'FROM quotes', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: historyItem,
        position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** A quote as the global search shows it. */
    summary(id: string): QuoteSummary | undefined {
      return summaryById.get(id);
    },
  };
}
