// Contract rows of cards: issuance, reads, updates, reveal, and every sandbox simulation of the card network.
import { enc, missing, type Row, type RowContext } from './table';

let n = 0;
const merchant = { descriptor: 'CORNER COFFEE SF 000', mcc: '5814', country: 'US' };
const usd = (amount: number) => ({ amount, currency: { code: 'USD' }, merchant });
const simulate = (kind: string) => (ctx: RowContext) => `/sandbox/cards/${enc(ctx.state.card)}/simulate/${kind}`;

/** An approved authorization on the card; returns the card transaction's id. */
async function authorized({ w, state }: RowContext, amount = 20_00): Promise<string> {
  const r = await w.api.post(`/sandbox/cards/${enc(state.card)}/simulate/authorization`, usd(amount));
  if (r.status >= 300) throw new Error(`authorization: ${r.status} ${r.text}`);
  return (r.body.cardTransaction?.id ?? r.body.id) as string;
}

/** The rows of this area, in the order they run. */
export const cardRows: Row[] = [
  {
    op: 'createCard',
    ok: ({ w }) => ({ path: '/cards', body: { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: `card-contract-${++n}` } }),
    bad: ({ w }) => ({ path: '/cards', body: { cardholderId: w.seed.alice.id, form: 'PAPER', fundingSources: [w.seed.aliceUsd] } }),
  },
  {
    op: 'listCards',
    ok: async ({ w, state }) => {
      const list = await w.api.get(`/cards?cardholderId=${enc(w.seed.alice.id)}&limit=100`);
      state.card = (list.body.data as { id: string; platformCardId?: string }[]).find((c) => c.platformCardId?.startsWith('card-contract-'))!.id;
      return { path: '/cards?limit=5' };
    },
  },
  { op: 'getCardById', ok: ({ state }) => ({ path: `/cards/${enc(state.card)}` }) },
  { op: 'updateCardById', ok: ({ state }) => ({ path: `/cards/${enc(state.card)}`, body: { state: 'ACTIVE' } }), bad: ({ state }) => ({ path: `/cards/${enc(state.card)}`, body: { state: 'MELTED' } }) },
  { op: 'revealCard', ok: ({ state }) => ({ path: `/cards/${enc(state.card)}/reveal` }) },
  { op: 'sandboxSimulateCardAuthorization', ok: (ctx) => ({ path: simulate('authorization')(ctx), body: usd(12_50) }), bad: (ctx) => ({ path: simulate('authorization')(ctx), body: usd(-1) }) },
  { op: 'sandboxSimulateCardClearing', specStatus: { ours: 200, contract: 202, why: 'the spec answers a clearing with 200 and its card transaction' }, ok: async (ctx) => ({ path: simulate('clearing')(ctx), body: { cardTransactionId: await authorized(ctx), amount: 20_00 } }), bad: (ctx) => ({ path: simulate('clearing')(ctx), body: { cardTransactionId: missing('CardTransaction'), amount: 1 } }) },
  {
    op: 'sandboxSimulateCardReturn',
    ok: async (ctx) => {
      const id = await authorized(ctx);
      await ctx.w.api.post(simulate('clearing')(ctx), { cardTransactionId: id, amount: 20_00 });
      ctx.state.returned = id;
      return { path: simulate('return')(ctx), body: { cardTransactionId: id, amount: 20_00 } };
    },
    bad: (ctx) => ({ path: simulate('return')(ctx), body: { cardTransactionId: ctx.state.returned, amount: 0 } }),
  },
  { op: 'sandboxSimulateCardReturnReversal', ok: (ctx) => ({ path: simulate('return_reversal')(ctx), body: { cardTransactionId: ctx.state.returned } }), bad: (ctx) => ({ path: simulate('return_reversal')(ctx), body: {} }) },
  { op: 'sandboxSimulateCardBalanceInquiry', ok: (ctx) => ({ path: simulate('balance_inquiry')(ctx), body: { merchant } }), bad: (ctx) => ({ path: simulate('balance_inquiry')(ctx), body: {} }) },
  { op: 'sandboxSimulateCardAuthorizationAdvice', ok: async (ctx) => ({ path: simulate('authorization_advice')(ctx), body: { cardTransactionId: await authorized(ctx), amount: 25_00 } }), bad: (ctx) => ({ path: simulate('authorization_advice')(ctx), body: { amount: 1 } }) },
  { op: 'sandboxSimulateCardCreditAuthorization', ok: (ctx) => ({ path: simulate('credit_authorization')(ctx), body: usd(7_00) }), bad: (ctx) => ({ path: simulate('credit_authorization')(ctx), body: usd(0) }) },
  { op: 'sandboxSimulateCardFinancialAuthorization', ok: (ctx) => ({ path: simulate('financial_authorization')(ctx), body: usd(8_00) }), bad: (ctx) => ({ path: simulate('financial_authorization')(ctx), body: usd(0) }) },
  { op: 'sandboxSimulateCardFinancialCreditAuthorization', ok: (ctx) => ({ path: simulate('financial_credit_authorization')(ctx), body: usd(9_00) }), bad: (ctx) => ({ path: simulate('financial_credit_authorization')(ctx), body: usd(0) }) },
  { op: 'sandboxSimulateCardCreditAuthorizationAdvice', ok: (ctx) => ({ path: simulate('credit_authorization_advice')(ctx), body: usd(6_00) }), bad: (ctx) => ({ path: simulate('credit_authorization_advice')(ctx), body: usd(0) }) },
];
