import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from './registry';

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
 * a UMA address, an account number or funding reference) finds the object it names. Exact matches
 * on indexed columns come first; substring matches on names follow.
 */
export function searchHandlers(ctx: Ctx) {
  return {
    'search/query': handler(z.object({ q: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(50).default(20) }), ({ q, limit }) => {
      const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
      const hits: SearchHit[] = [];
      const customers = ctx.db
        .prepare(
          `SELECT id, display_name, platform_customer_id, email, uma_address FROM customers
           WHERE id = @q OR platform_customer_id = @q OR lower(email) = lower(@q) OR uma_address = @q OR uma_address = '$' || @q
              OR display_name LIKE @like ESCAPE '\\' OR email LIKE @like ESCAPE '\\' OR uma_address LIKE @like ESCAPE '\\'
           ORDER BY (id = @q OR platform_customer_id = @q) DESC, created_at DESC LIMIT @limit`,
        )
        .all({ q, like, limit }) as { id: string; display_name: string; platform_customer_id: string; email: string | null; uma_address: string }[];
      for (const c of customers) hits.push({ kind: 'CUSTOMER', id: c.id, title: c.display_name || c.platform_customer_id, subtitle: [c.platform_customer_id, c.email, c.uma_address].filter(Boolean).join(' · '), customerId: c.id });
      const internal = ctx.db
        .prepare('SELECT id, customer_id, currency, type FROM internal_accounts WHERE id = @q OR reference = upper(@q) LIMIT @limit')
        .all({ q, limit }) as { id: string; customer_id: string | null; currency: string; type: string }[];
      for (const a of internal) hits.push({ kind: 'INTERNAL_ACCOUNT', id: a.id, title: `${a.currency} ${a.type}`, subtitle: a.customer_id ?? 'Platform account', customerId: a.customer_id });
      const external = ctx.db
        .prepare(`SELECT id, customer_id, currency, account_type, primary_identifier FROM external_accounts
                  WHERE id = @q OR primary_identifier = @q OR primary_identifier LIKE @like ESCAPE '\\' ORDER BY (primary_identifier = @q) DESC LIMIT @limit`)
        .all({ q, like, limit }) as { id: string; customer_id: string | null; currency: string; account_type: string; primary_identifier: string }[];
      for (const a of external) hits.push({ kind: 'EXTERNAL_ACCOUNT', id: a.id, title: `${a.account_type} ${a.primary_identifier}`, subtitle: a.customer_id ?? 'Platform account', customerId: a.customer_id });
      const txs = ctx.db
        .prepare(`SELECT id, type, status, reference, receiver_identifier, customer_id, received_amount, receiving_currency FROM transactions
                  WHERE id = @q OR quote_id = @q OR reference = upper(@q) OR receiver_identifier = @q OR sender_identifier = @q
                  ORDER BY created_at DESC LIMIT @limit`)
        .all({ q, limit }) as { id: string; type: string; status: string; reference: string | null; receiver_identifier: string | null; customer_id: string | null; received_amount: number | null; receiving_currency: string }[];
      for (const t of txs) hits.push({ kind: 'TRANSACTION', id: t.id, title: `${t.type} ${t.status}`, subtitle: [t.reference, t.receiver_identifier].filter(Boolean).join(' · '), customerId: t.customer_id });
      const quote = ctx.db.prepare('SELECT id, status, transaction_id, customer_id FROM quotes WHERE id = @q').get({ q }) as { id: string; status: string; transaction_id: string; customer_id: string | null } | undefined;
      if (quote) hits.push({ kind: 'QUOTE', id: quote.id, title: `Quote ${quote.status}`, subtitle: quote.transaction_id, customerId: quote.customer_id });
      const calls = ctx.db
        .prepare('SELECT l.id, l.method, l.path, l.status FROM request_log l WHERE l.id = @q OR l.seq IN (SELECT log_seq FROM request_log_resources WHERE resource_id = @q) ORDER BY l.seq DESC LIMIT 5')
        .all({ q }) as { id: string; method: string; path: string; status: number }[];
      for (const c of calls) hits.push({ kind: 'API_CALL', id: c.id, title: `${c.method} ${c.path}`, subtitle: `HTTP ${c.status}`, customerId: null });
      return hits.slice(0, limit);
    }),
  };
}
