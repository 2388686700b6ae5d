// Contract rows of agents: the platform's management (create, policy, device codes, approvals) and the
// agent's own routes under /agents/me with its bearer token.
import { accountQuote, externalAccount } from '../../support/money-path';
import { connectedAgent, openPolicy } from '../../api/agents-world';
import { enc, type Row, type RowContext } from './table';

let n = 0;
const bearer = ({ state }: RowContext) => `Bearer ${state.agent.token}`;

/** A connected agent for Alice (state.agent) whose policy waits for approval above 100.00 USD, and her MXN account. */
export async function prepareAgents({ w, state }: RowContext): Promise<void> {
  state.agent = await connectedAgent(w, openPolicy({ approvalThresholds: { currency: 'USD', amount: 100_00 } }), w.seed.alice.id, 'Contract agent');
  state.mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
}

/** An action of the agent waiting for approval (a transfer-out above the threshold). */
async function pendingAction({ w, state }: RowContext): Promise<string> {
  const r = await state.agent.api.post('/agents/me/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 150_00 });
  if (r.status !== 201) throw new Error(`agent transfer-out: ${r.status} ${r.text}`);
  return r.body.id as string;
}

/** The rows of this area, in the order they run. */
export const agentRows: Row[] = [
  {
    op: 'createAgent',
    ok: ({ w }) => ({ path: '/agents', body: { name: `Contract agent ${++n}`, customerId: w.seed.sophie.id, policy: openPolicy({ spendingLimits: { currency: 'EUR', perTransactionLimit: 100_000 } }) } }),
    bad: ({ w }) => ({ path: '/agents', body: { name: 'x', customerId: w.seed.sophie.id, policy: { permissions: ['FLY'] } } }),
  },
  {
    op: 'listAgents',
    ok: async ({ w, state }) => {
      const r = await w.api.post('/agents', { name: `Contract agent ${++n}`, customerId: w.seed.lucia.id, policy: openPolicy() });
      state.spare = r.body;
      return { path: '/agents?limit=5' };
    },
  },
  { op: 'getAgentById', ok: ({ state }) => ({ path: `/agents/${enc(state.agent.id)}` }) },
  { op: 'updateAgent', ok: ({ state }) => ({ path: `/agents/${enc(state.agent.id)}`, body: { name: 'Contract agent (renamed)' } }) },
  { op: 'updateAgentPolicy', ok: ({ state }) => ({ path: `/agents/${enc(state.agent.id)}/policy`, body: { defaultExecutionMode: 'AUTO' } }) },
  { op: 'getAgentDeviceCodeStatus', ok: ({ state }) => ({ path: `/agents/device-codes/${enc(state.spare.deviceCode.code)}/status` }) },
  { op: 'regenerateAgentDeviceCode', ok: ({ state }) => ({ path: `/agents/${enc(state.spare.agent.id)}/device-codes` }) },
  {
    op: 'redeemAgentDeviceCode',
    ok: async ({ w, state }) => {
      const r = await w.api.post('/agents', { name: `Contract agent ${++n}`, customerId: w.seed.lucia.id, policy: openPolicy() });
      state.redeemed = r.body.agent.id;
      return { path: `/agents/device-codes/${enc(r.body.deviceCode.code)}/redeem`, auth: null };
    },
  },
  { op: 'getAgentMe', ok: (ctx) => ({ path: '/agents/me', auth: bearer(ctx) }) },
  { op: 'agentListInternalAccounts', ok: (ctx) => ({ path: '/agents/me/internal-accounts', auth: bearer(ctx) }) },
  { op: 'agentListExternalAccounts', ok: (ctx) => ({ path: '/agents/me/external-accounts', auth: bearer(ctx) }) },
  {
    op: 'agentCreateExternalAccount',
    ok: (ctx) => ({ path: '/agents/me/external-accounts', auth: bearer(ctx), body: { currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: `8100${String(++n).padStart(6, '0')}00`, routingNumber: '021000021', bankName: 'Agent Bank', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Johnson' } } } }),
    bad: (ctx) => ({ path: '/agents/me/external-accounts', auth: bearer(ctx), body: { currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT' } } }),
  },
  {
    op: 'agentGetExternalAccount',
    ok: async (ctx) => {
      const list = await ctx.state.agent.api.get('/agents/me/external-accounts?limit=100');
      ctx.state.agentExternal = (list.body.data as { id: string; accountInfo: { bankName?: string } }[]).find((x) => x.accountInfo.bankName === 'Agent Bank')!.id;
      return { path: `/agents/me/external-accounts/${enc(ctx.state.agentExternal)}`, auth: bearer(ctx) };
    },
  },
  { op: 'agentDeleteExternalAccount', ok: (ctx) => ({ path: `/agents/me/external-accounts/${enc(ctx.state.agentExternal)}`, auth: bearer(ctx) }) },
  {
    op: 'agentCreateQuote',
    ok: (ctx) => ({ path: '/agents/me/quotes', auth: bearer(ctx), body: accountQuote(ctx.w.seed.aliceUsd, ctx.state.mxn, 'SENDING', 25_00) }),
    // Over the policy's per-transaction limit: refused at creation (403), as upstream lists.
    bad: (ctx) => ({ path: '/agents/me/quotes', auth: bearer(ctx), body: accountQuote(ctx.w.seed.aliceUsd, ctx.state.mxn, 'SENDING', 1_000_001) }),
  },
  {
    op: 'agentGetQuote',
    ok: async (ctx) => {
      ctx.state.agentQuote = (await ctx.state.agent.api.post('/agents/me/quotes', accountQuote(ctx.w.seed.aliceUsd, ctx.state.mxn, 'SENDING', 20_00))).body;
      return { path: `/agents/me/quotes/${enc(ctx.state.agentQuote.id)}`, auth: bearer(ctx) };
    },
  },
  { op: 'agentExecuteQuote', ok: (ctx) => ({ path: `/agents/me/quotes/${enc(ctx.state.agentQuote.id)}/execute`, auth: bearer(ctx) }) },
  { op: 'agentListTransactions', ok: (ctx) => ({ path: '/agents/me/transactions?limit=5', auth: bearer(ctx) }) },
  { op: 'agentGetTransaction', ok: (ctx) => ({ path: `/agents/me/transactions/${enc(ctx.state.agentQuote.transactionId)}`, auth: bearer(ctx) }) },
  { op: 'agentCreateTransferIn', ok: (ctx) => ({ path: '/agents/me/transfer-in', auth: bearer(ctx), body: { source: { accountId: ctx.w.seed.aliceExt['000'] }, destination: { accountId: ctx.w.seed.aliceUsd }, amount: 5_00 } }), bad: (ctx) => ({ path: '/agents/me/transfer-in', auth: bearer(ctx), body: { source: { accountId: ctx.w.seed.aliceExt['000'] }, destination: { accountId: ctx.w.seed.aliceUsd }, amount: -1 } }) },
  { op: 'agentCreateTransferOut', ok: (ctx) => ({ path: '/agents/me/transfer-out', auth: bearer(ctx), body: { source: { accountId: ctx.w.seed.aliceUsd }, destination: { accountId: ctx.w.seed.aliceExt['000'] }, amount: 5_00 } }), bad: (ctx) => ({ path: '/agents/me/transfer-out', auth: bearer(ctx), body: { source: { accountId: ctx.w.seed.aliceUsd }, destination: { accountId: ctx.w.seed.aliceExt['000'] }, amount: -1 } }) },
  { op: 'agentListActions', ok: (ctx) => ({ path: '/agents/me/actions', auth: bearer(ctx) }) },
  { op: 'agentGetAction', ok: async (ctx) => ({ path: `/agents/me/actions/${enc(await pendingAction(ctx))}`, auth: bearer(ctx) }) },
  { op: 'listAgentApprovals', ok: () => ({ path: '/agents/approvals' }) },
  { op: 'approveAgentAction', ok: async (ctx) => ({ path: `/agents/${enc(ctx.state.agent.id)}/actions/${enc(await pendingAction(ctx))}/approve` }) },
  { op: 'rejectAgentAction', ok: async (ctx) => ({ path: `/agents/${enc(ctx.state.agent.id)}/actions/${enc(await pendingAction(ctx))}/reject`, body: { reason: 'Too large' } }) },
  { op: 'deleteAgent', ok: ({ state }) => ({ path: `/agents/${enc(state.redeemed)}` }) },
];
