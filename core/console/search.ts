import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { Services } from '../services';

/** One hit of the global search. */
export interface SearchHit {
  kind: 'CUSTOMER' | 'INTERNAL_ACCOUNT' | 'EXTERNAL_ACCOUNT' | 'TRANSACTION' | 'QUOTE' | 'API_CALL';
  id: string;
  title: string;
  subtitle: string;
  /** The customer to open for this hit, when there is one. */
  customerId: string | null;
}

/**
 * The global search: whatever support staff paste (an id, a platform customer id, a name, an email,
 * a UMA address, an account number or funding reference) finds the object it names. Each area
 * searches its own tables (exact matches on indexed columns first, then substrings of names); this
 * handler only turns their answers into hits, in a fixed order of kinds.
 */
export function searchHandlers(s: Services) {
  return {
    'search/query': handler(z.object({ q: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(50).default(20) }), ({ q, limit }) => {
      const hits: SearchHit[] = [];
      for (const c of s.customers.search(q, limit)) {
        hits.push({ kind: 'CUSTOMER', id: c.id, title: c.name || c.platformCustomerId, subtitle: [c.platformCustomerId, c.email, c.umaAddress].filter(Boolean).join(' · '), customerId: c.id });
      }
      for (const a of s.internal.search(q, limit)) {
        hits.push({ kind: 'INTERNAL_ACCOUNT', id: a.id, title: `${a.currency} ${a.type}`, subtitle: a.customerId ?? 'Platform account', customerId: a.customerId });
      }
      for (const a of s.external.search(q, limit)) {
        hits.push({ kind: 'EXTERNAL_ACCOUNT', id: a.id, title: `${a.accountType} ${a.identifier}`, subtitle: a.customerId ?? 'Platform account', customerId: a.customerId });
      }
      for (const t of s.transactions.search(q, limit)) {
        hits.push({ kind: 'TRANSACTION', id: t.id, title: `${t.type} ${t.status}`, subtitle: [t.description, t.reference, t.receiverIdentifier].filter(Boolean).join(' · '), customerId: t.customerId });
      }
      const quote = s.quotes.summary(q);
      if (quote) hits.push({ kind: 'QUOTE', id: quote.id, title: `Quote ${quote.status}`, subtitle: quote.transactionId, customerId: quote.customerId });
      for (const c of s.ctx.requestLog.read.search(q)) {
        hits.push({ kind: 'API_CALL', id: c.id, title: `${c.method} ${c.path}`, subtitle: `HTTP ${c.status}`, customerId: null });
      }
      return hits.slice(0, limit);
    }),
  };
}
