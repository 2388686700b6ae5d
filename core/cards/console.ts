import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import { CARD_TX_STATUSES } from '../transactions/card-schema';
import { CARD_STATES } from './schema';
import type { CardService } from './service';
import type { CardTransactionService } from './transactions';

/** Console handlers of the Cards screen: cards with their holder and funding, a card's transactions, one reconciliation. */
export function cardHandlers(cards: CardService, txs: CardTransactionService, customers: CustomerService, internal: InternalAccountService) {
  const fundingOf = (ids: string[]) => ids.map((id) => {
    const a = internal.get(id);
    return { id, currency: a.balance.currency.code, balance: a.balance, totalBalance: a.totalBalance, status: a.status };
  });
  return {
    'cards/list': handler(z.object({
      cardholderId: z.string().optional(),
      state: z.enum(CARD_STATES).optional(),
      limit: z.number().int().min(1).max(100).default(50),
      cursor: z.string().optional(),
    }), (q) => {
      const page = cards.list(q);
      const names = customers.summaries([...new Set(page.data.map((c) => c.cardholderId))]);
      return { ...page, data: page.data.map((card) => ({ card, cardholderName: names.get(card.cardholderId)?.name ?? '', funding: fundingOf(card.fundingSources) })) };
    }),
    'cards/transactions': handler(z.object({
      cardId: z.string().min(1),
      status: z.enum(CARD_TX_STATUSES).optional(),
      limit: z.number().int().min(1).max(100).default(50),
      cursor: z.string().optional(),
    }), (q) => txs.ofCard(cards.record(q.cardId).id, q.status, q.limit, q.cursor)),
    'cards/reconciliation': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const r = txs.reconciliation(id);
      return { ...r, card: cards.get(r.transaction.cardId ?? '') };
    }),
  };
}
