import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { Services } from '../services';
import { formatMinor } from '../kernel/money';
import type { ListedTransaction } from '../transactions/schema';
import type { TxMatch } from '../transactions/search-match';
import { asksForMoney, minorRanges, parseSearch, type ParsedSearch } from './search-query';

/** One hit of the global search. */
export interface SearchHit {
  kind: 'CUSTOMER' | 'INTERNAL_ACCOUNT' | 'EXTERNAL_ACCOUNT' | 'TRANSACTION' | 'QUOTE' | 'API_CALL';
  id: string;
  title: string;
  subtitle: string;
  /** The customer to open for this hit, when there is one. */
  customerId: string | null;
  /** A transaction hit's transaction, so the console can show it as its row reads (amount, who to whom, status, when). */
  transaction?: ListedTransaction;
  /** A transaction hit's customer name ('' when the customer has none, null for the platform's own payments). */
  customerName?: string | null;
}

/** What the search understood of a query, so the console can say it back ("about 250 · yesterday"). */
export interface SearchAnswer {
  hits: SearchHit[];
  understood: { text: string; amount: string | null; currency: string | null; from: string | null; to: string | null; id: string | null };
}

/** A transaction's amounts with their currencies (sent and received, or a card's held and settled). */
function amountsOf(t: ListedTransaction): { amount: number; code: string; decimals: number }[] {
  const list = t.type === 'CARD' ? [t.authorizedAmount, t.settledAmount] : [t.sentAmount, t.receivedAmount];
  return list.filter((a): a is NonNullable<typeof a> => !!a).map((a) => ({ amount: a.amount, code: a.currency.code, decimals: a.currency.decimals }));
}

/** How far a transaction's closest amount is from what was asked, in major units (0 when no amount was asked). */
function closenessTo(p: ParsedSearch): (t: ListedTransaction) => number {
  const a = p.amount;
  if (!a) return () => 0;
  return (t) => Math.min(...amountsOf(t)
    .filter((x) => !p.currency || x.code === p.currency)
    .map((x) => x.amount / 10 ** x.decimals)
    .filter((v) => v >= a.min - 1e-9 && v <= a.max + 1e-9)
    .map((v) => Math.abs(v - a.target)), Number.MAX_VALUE);
}

/** The search's reading of a query as a match of transactions. */
function txMatch(p: ParsedSearch, text: string, customerIds: string[] | undefined, limit: number): TxMatch {
  const bareUuid = p.id && !p.id.includes(':') ? p.id.toLowerCase() : undefined;
  // A typed id alone is matched as the words are (any id a payment holds: its own, its quote's, its customer's).
  const typedAlone = !bareUuid && p.id !== undefined && !text;
  return {
    text: (typedAlone ? p.id : text) || undefined,
    customerIds,
    id: bareUuid || typedAlone ? undefined : p.id,
    idTail: bareUuid ? bareUuid.slice(-12) : p.idTail,
    amounts: p.amount ? minorRanges(p.amount, p.currency) : undefined,
    from: p.dates?.from,
    to: p.dates?.to,
    limit,
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The global search: what support staff are told, typed as they were told it (search-query.ts reads
 * it): a name, an amount with tolerance, a day, an id, or any mix ("Lucía about 250 yesterday"). Every
 * part given must hold. Ids match only as ids (whole, or the UUID's last 12 hex digits), so digits
 * inside an id never make a hit. A query that names an amount or a day lists transactions first
 * (closest amount, then newest); otherwise the kinds come in a fixed order (customers, accounts,
 * transactions, quotes, API calls). An exact id hit always comes first.
 */
export function searchHandlers(s: Services) {
  /** The hits of one query, best first. */
  function search(q: string, limit: number): SearchAnswer {
    const p = parseSearch(q, s.ctx.clock.nowMs());
    const idLike = p.id ?? p.idTail;
    // Words that begin a customer's name name the customer ("Lucía Rent": Lucía's payments described Rent);
    // the other words are matched as text. Why word by word: a name and a description typed together
    // match neither as a whole.
    const words = p.text ? p.text.split(' ') : [];
    const nameWords = words.filter((word) => s.customers.idsNamed(word, 1).length > 0);
    const rest = words.filter((word) => !nameWords.includes(word)).join(' ');
    const named = nameWords.length ? s.customers.idsNamed(nameWords.join(' '), 50) : undefined;
    const customerIds = [...new Set([...(named ?? []), ...(p.idTail ? s.customers.idsWithTail(p.idTail) : [])])];

    const customers: SearchHit[] = [];
    const seen = new Set<string>();
    const addCustomers = (list: { id: string; name: string; platformCustomerId: string; email: string | null; umaAddress: string }[]) => {
      for (const c of list) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        customers.push({ kind: 'CUSTOMER', id: c.id, title: c.name || c.platformCustomerId, subtitle: [c.platformCustomerId, c.email, c.umaAddress].filter(Boolean).join(' · '), customerId: c.id });
      }
    };
    if (p.id) addCustomers(s.customers.search(p.id, limit));
    if (p.text) addCustomers(s.customers.search(p.text, limit));
    if (customerIds.length) addCustomers([...s.customers.summaries(customerIds).values()]);

    const accounts: SearchHit[] = [];
    for (const term of [p.id, p.text].filter((x): x is string => !!x)) {
      for (const a of s.internal.search(term, limit)) {
        accounts.push({ kind: 'INTERNAL_ACCOUNT', id: a.id, title: `${a.currency} ${a.type}`, subtitle: a.customerId ?? 'Platform account', customerId: a.customerId });
      }
      for (const a of s.external.search(term, limit)) {
        accounts.push({ kind: 'EXTERNAL_ACCOUNT', id: a.id, title: `${a.accountType} ${a.identifier}`, subtitle: a.customerId ?? 'Platform account', customerId: a.customerId });
      }
    }

    const found = s.transactions.searchMatching(txMatch(p, rest, named, limit), closenessTo(p))
      .filter((t) => !p.id || p.id.includes(':') || t.id.toLowerCase().endsWith(p.id.toLowerCase()));
    const names = s.customers.summaries([...new Set(found.map((t) => t.customerId).filter((x): x is string => !!x))]);
    const transactions: SearchHit[] = found.map((t) => {
      const name = t.customerId ? (names.get(t.customerId)?.name ?? '') : null;
      const main = amountsOf(t)[0];
      const description = t.type === 'CARD' ? t.merchant.descriptor : (t as { description?: string }).description;
      return {
        kind: 'TRANSACTION', id: t.id, customerId: t.customerId ?? null, transaction: t, customerName: name,
        title: [main ? formatMinor(main.amount, main.code) : null, name].filter(Boolean).join(' · '),
        subtitle: [description, t.createdAt.slice(0, 10)].filter(Boolean).join(' · '),
      };
    });

    const others: SearchHit[] = [];
    const term = p.id ?? p.text;
    if (term) {
      const quote = s.quotes.summary(term);
      if (quote) others.push({ kind: 'QUOTE', id: quote.id, title: `Quote ${quote.status}`, subtitle: quote.transactionId, customerId: quote.customerId });
      for (const c of s.ctx.requestLog.read.search(term)) others.push({ kind: 'API_CALL', id: c.id, title: `${c.method} ${c.path}`, subtitle: `HTTP ${c.status}`, customerId: null });
    }

    const ordered = asksForMoney(p) ? [...transactions, ...customers, ...accounts, ...others] : [...customers, ...accounts, ...transactions, ...others];
    const exact = (h: SearchHit) => !!idLike && (h.id === idLike || h.id.toLowerCase().endsWith(idLike.toLowerCase()));
    const hits = [...ordered.filter(exact), ...ordered.filter((h) => !exact(h))].slice(0, limit);
    return {
      hits,
      understood: {
        text: p.text, amount: p.amount?.said ?? null, currency: p.currency ?? null,
        from: p.dates ? day(p.dates.from) : null, to: p.dates ? day(p.dates.to) : null, id: idLike ?? null,
      },
    };
  }

  const input = z.object({ q: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(50).default(20) });
  return {
    'search/query': handler(input, ({ q, limit }) => search(q, limit).hits),
    /** The hits with what the search understood of the query (the search dialog says it back). */
    'search/understand': handler(input, ({ q, limit }) => search(q, limit)),
  };
}
