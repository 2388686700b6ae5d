// Contract rows of accounts, receivers, quotes, transactions, transfers, the sandbox's payments,
// tokens, invitations, catalogues and stablecoins.
import { accountQuote, advance, externalAccount, invoke, SANDBOX_UMA, type World } from '../../support/money-path';
import { startReceiver, until } from '../../support/webhook-receiver';
import { evmWallet, sparkWallet, type TestWallet } from '../../support/wallet-keys';
import { enc, missing, type Row, type RowContext } from './table';

let n = 0;
const usdInfo = () => ({ accountType: 'USD_ACCOUNT', accountNumber: `7000${String(++n).padStart(6, '0')}00`, routingNumber: '021000021', bankName: 'Contract Bank', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Contract Payee' } });

/** An external account (a customer's, or the platform's when `customerId` is absent) for a wallet with a real key. */
async function walletAccount(w: World, wallet: TestWallet, customerId?: string): Promise<string> {
  const body = { currency: wallet.currency, ownershipType: 'FIRST_PARTY', ...(customerId ? { customerId } : { platformAccountId: `ops-wallet-${++n}` }), accountInfo: { accountType: wallet.accountType, address: wallet.address } };
  const r = await w.api.post(customerId ? '/customers/external-accounts' : '/platform/external-accounts', body);
  if (r.status !== 201) throw new Error(`wallet account: ${r.status} ${r.text}`);
  return r.body.id;
}

/** A fresh WALLET_SIGNATURE challenge's text, for the account at `path`. */
async function messageToSign(w: World, path: string): Promise<string> {
  const r = await w.api.post(`${path}/challenge`, { method: 'WALLET_SIGNATURE' });
  if (r.status !== 201) throw new Error(`challenge: ${r.status} ${r.text}`);
  return r.body.messageToSign;
}

/** A quote from Alice's USD account to her MXN bank account (SENDING 25.00 USD). */
async function quote({ w, state }: RowContext): Promise<any> {
  state.mxn ??= await externalAccount(w, w.seed.alice.id, 'MXN', '000');
  const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, state.mxn, 'SENDING', 25_00));
  if (r.status !== 201) throw new Error(`quote: ${r.status} ${r.text}`);
  return r.body;
}

/**
 * An incoming payment waiting for the platform's approval: the webhook endpoint answers its
 * INCOMING_PAYMENT.PENDING with 202 (decide later), as upstream's approval flow has it.
 */
async function waitingForApproval({ w }: RowContext): Promise<string> {
  const rx = await startReceiver();
  try {
    rx.answer = () => ({ status: 202 });
    await w.api.patch('/config', { webhookEndpoint: rx.url });
    const r = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: `$bob@${SANDBOX_UMA}`, customerId: w.seed.alice.id, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 12_34 });
    const deferred = async () => {
      const list = await invoke(w, 'webhooks/list', { type: 'INCOMING_PAYMENT.PENDING', resourceId: r.body.id });
      return list.data[0] && (await invoke(w, 'webhooks/get', { id: list.data[0].id })).approval?.status === 'DEFERRED';
    };
    await until(deferred, 'the approval webhook answered 202');
    return r.body.id as string;
  } finally {
    await rx.close();
  }
}

/** The rows of this area, in the order they run (later rows use what earlier ones made). */
export const moneyRows: Row[] = [
  { op: 'listCustomerInternalAccounts', ok: ({ w }) => ({ path: `/customers/internal-accounts?customerId=${enc(w.seed.alice.id)}` }) },
  { op: 'listPlatformInternalAccounts', ok: () => ({ path: '/platform/internal-accounts' }) },
  { op: 'listCustomerExternalAccounts', ok: ({ w }) => ({ path: `/customers/external-accounts?customerId=${enc(w.seed.alice.id)}` }) },
  {
    op: 'createCustomerExternalAccount',
    ok: ({ w }) => ({ path: '/customers/external-accounts', body: { customerId: w.seed.alice.id, currency: 'USD', accountInfo: usdInfo() } }),
    bad: ({ w }) => ({ path: '/customers/external-accounts', body: { customerId: w.seed.alice.id, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT' } } }),
  },
  { op: 'getCustomerExternalAccountById', ok: ({ w }) => ({ path: `/customers/external-accounts/${enc(w.seed.aliceExt['000'])}` }) },
  {
    op: 'createExternalAccountOwnershipChallenge',
    ok: async ({ w, state }) => {
      state.wallet = sparkWallet();
      state.walletId = await walletAccount(w, state.wallet, w.seed.alice.id);
      return { path: `/customers/external-accounts/${enc(state.walletId)}/challenge`, body: { method: 'WALLET_SIGNATURE' } };
    },
  },
  {
    op: 'verifyExternalAccountOwnership',
    ok: async ({ w, state }) => {
      const path = `/customers/external-accounts/${enc(state.walletId)}`;
      return { path: `${path}/verify`, body: { signature: state.wallet.sign(await messageToSign(w, path)), signatureScheme: 'bip137' } };
    },
    // A signature by another key: the 400 names the field.
    bad: async ({ w, state }) => {
      const path = `/customers/external-accounts/${enc(state.walletId)}`;
      return { path: `${path}/verify`, body: { signature: sparkWallet().sign(await messageToSign(w, path)) } };
    },
  },
  {
    op: 'deleteCustomerExternalAccountById',
    ok: async ({ w }) => {
      const r = await w.api.post('/customers/external-accounts', { customerId: w.seed.alice.id, currency: 'USD', accountInfo: usdInfo() });
      return { path: `/customers/external-accounts/${enc(r.body.id)}` };
    },
  },
  { op: 'listPlatformExternalAccounts', ok: () => ({ path: '/platform/external-accounts' }) },
  {
    op: 'createPlatformExternalAccount',
    ok: () => ({ path: '/platform/external-accounts', body: { currency: 'USD', ownershipType: 'FIRST_PARTY', platformAccountId: `ops-${++n}`, accountInfo: usdInfo() } }),
  },
  {
    op: 'getPlatformExternalAccountById',
    ok: async ({ w, state }) => {
      state.platformExt = (await w.api.get('/platform/external-accounts')).body.data[0].id;
      return { path: `/platform/external-accounts/${enc(state.platformExt)}` };
    },
  },
  {
    op: 'createPlatformExternalAccountOwnershipChallenge',
    ok: async ({ w, state }) => {
      state.platformWallet = evmWallet();
      state.platformWalletId = await walletAccount(w, state.platformWallet);
      return { path: `/platform/external-accounts/${enc(state.platformWalletId)}/challenge`, body: { method: 'WALLET_SIGNATURE' } };
    },
    // A bank account of the platform: ownership challenges are for wallets.
    bad: ({ state }) => ({ path: `/platform/external-accounts/${enc(state.platformExt)}/challenge`, body: { method: 'LIVENESS' } }),
  },
  {
    op: 'verifyPlatformExternalAccountOwnership',
    ok: async ({ w, state }) => {
      const path = `/platform/external-accounts/${enc(state.platformWalletId)}`;
      return { path: `${path}/verify`, body: { signature: state.platformWallet.sign(await messageToSign(w, path)) } };
    },
  },
  {
    op: 'deletePlatformExternalAccountById',
    ok: async ({ w }) => {
      const r = await w.api.post('/platform/external-accounts', { currency: 'USD', ownershipType: 'FIRST_PARTY', platformAccountId: `ops-del-${++n}`, accountInfo: usdInfo() });
      return { path: `/platform/external-accounts/${enc(r.body.id)}` };
    },
  },
  { op: 'createTransferIn', ok: ({ w }) => ({ path: '/transfer-in', body: { source: { accountId: w.seed.aliceExt['000'] }, destination: { accountId: w.seed.aliceUsd }, amount: 10_00 } }), bad: ({ w }) => ({ path: '/transfer-in', body: { source: { accountId: missing('ExternalAccount') }, destination: { accountId: w.seed.aliceUsd }, amount: 10_00 } }) },
  { op: 'createTransferOut', ok: ({ w }) => ({ path: '/transfer-out', body: { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 10_00 } }), bad: ({ w }) => ({ path: '/transfer-out', body: { source: { accountId: w.seed.aliceUsd }, destination: { accountId: missing('ExternalAccount') }, amount: 10_00 } }) },
  { op: 'lookupUma', ok: () => ({ path: `/receiver/uma/${enc(`$success.mxn@${SANDBOX_UMA}`)}` }), bad: () => ({ path: `/receiver/uma/${enc(`$nobody@${SANDBOX_UMA}`)}` }) },
  { op: 'lookupExternalAccount', ok: ({ w }) => ({ path: `/receiver/external-account/${enc(w.seed.luciaClabe['12000'])}` }) },
  {
    op: 'createQuote',
    ok: async ({ w, state }) => {
      state.mxn ??= await externalAccount(w, w.seed.alice.id, 'MXN', '000');
      return { path: '/quotes', body: accountQuote(w.seed.aliceUsd, state.mxn, 'SENDING', 25_00) };
    },
    bad: ({ w, state }) => ({ path: '/quotes', body: accountQuote(w.seed.aliceUsd, state.mxn, 'SENDING', -1) }),
  },
  { op: 'getQuoteById', ok: async (ctx) => ({ path: `/quotes/${enc((await quote(ctx)).id)}` }) },
  {
    op: 'executeQuote',
    ok: async (ctx) => {
      ctx.state.executed = await quote(ctx);
      return { path: `/quotes/${enc(ctx.state.executed.id)}/execute` };
    },
  },
  { op: 'listTransactions', ok: () => ({ path: '/transactions?limit=5' }) },
  { op: 'getTransactionById', ok: ({ state }) => ({ path: `/transactions/${enc(state.executed.transactionId)}` }) },
  {
    op: 'confirmReceiptDelivery',
    ok: async ({ w }) => {
      const r = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: `$bob@${SANDBOX_UMA}`, receiverUmaAddress: w.seed.alice.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 7_00 });
      await w.api.post('/sandbox/clock/advance', { seconds: 60 });
      return { path: `/transactions/${enc(r.body.id)}/confirm`, body: {} };
    },
  },
  { op: 'approvePendingPayment', ok: async (ctx) => ({ path: `/transactions/${enc(await waitingForApproval(ctx))}/approve`, body: {} }) },
  { op: 'rejectPendingPayment', ok: async (ctx) => ({ path: `/transactions/${enc(await waitingForApproval(ctx))}/reject`, body: { reason: 'RESTRICTED_JURISDICTION' } }) },
  {
    op: 'cancelTransaction',
    ok: async ({ w }) => {
      const r = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 3_00 });
      return { path: `/transactions/${enc(r.body.id)}/cancel`, body: { reason: 'changed their mind' } };
    },
  },
  { op: 'estimateCryptoWithdrawalFee', ok: () => ({ path: '/crypto/estimate-withdrawal-fee', body: { currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 10_000_000 } }), bad: () => ({ path: '/crypto/estimate-withdrawal-fee', body: { currency: 'BTC', cryptoNetwork: 'SOLANA', amount: 10_000 } }) },
  {
    op: 'sandboxSend',
    ok: async ({ w }) => {
      const r = await w.api.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: w.seed.alice.id }, destination: { destinationType: 'ACCOUNT', accountId: w.seed.luciaClabe['12000'] }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 250_00 });
      return { path: '/sandbox/send', body: { quoteId: r.body.id, currencyCode: 'USD' } };
    },
    bad: () => ({ path: '/sandbox/send', body: { quoteId: missing('Quote'), currencyCode: 'USD' } }),
  },
  { op: 'sandboxReceive', ok: ({ w }) => ({ path: '/sandbox/uma/receive', body: { senderUmaAddress: `$bob@${SANDBOX_UMA}`, receiverUmaAddress: w.seed.lucia.umaAddress, receivingCurrencyCode: 'MXN', receivingCurrencyAmount: 4_000 } }), bad: ({ w }) => ({ path: '/sandbox/uma/receive', body: { senderUmaAddress: 'bob', receiverUmaAddress: w.seed.lucia.umaAddress, receivingCurrencyCode: 'MXN', receivingCurrencyAmount: 4_000 } }) },
  { op: 'sandboxFundInternalAccount', ok: ({ w }) => ({ path: `/sandbox/internal-accounts/${enc(w.seed.aliceUsd)}/fund`, body: { amount: 100_00 } }) },
  {
    op: 'sendTestWebhook',
    ok: async ({ w, state }) => {
      state.receiver = await startReceiver();
      const set = await w.api.patch('/config', { webhookEndpoint: state.receiver.url });
      if (set.status !== 200) throw new Error(`set webhook endpoint: ${set.status} ${set.text}`);
      return { path: '/sandbox/webhooks/test' };
    },
    bad: async ({ w, state }) => {
      await state.receiver.close();
      return { path: '/sandbox/webhooks/test' };
    },
  },
  { op: 'getAvailableUmaProviders', ok: () => ({ path: '/uma-providers?limit=2' }) },
  { op: 'listVasps', ok: () => ({ path: '/vasps?limit=1' }) },
  { op: 'createToken', ok: () => ({ path: '/tokens', body: { name: `contract token ${++n}`, permissions: ['VIEW'] } }), bad: () => ({ path: '/tokens', body: { name: 'x', permissions: ['EVERYTHING'] } }) },
  {
    op: 'listTokens',
    ok: async ({ w, state }) => {
      state.token = (await w.api.post('/tokens', { name: `contract token ${++n}`, permissions: ['VIEW'] })).body.id;
      return { path: '/tokens?limit=5' };
    },
  },
  { op: 'getTokenById', ok: ({ state }) => ({ path: `/tokens/${enc(state.token)}` }) },
  { op: 'deleteTokenById', ok: ({ state }) => ({ path: `/tokens/${enc(state.token)}` }) },
  { op: 'createInvitation', ok: ({ w }) => ({ path: '/invitations', body: { inviterUma: w.seed.alice.umaAddress, amountToSend: 10_00 } }), bad: () => ({ path: '/invitations', body: { inviterUma: 'nobody' } }) },
  {
    op: 'getInvitation',
    ok: async ({ w, state }) => {
      state.invitation = (await w.api.post('/invitations', { inviterUma: w.seed.alice.umaAddress })).body.code;
      return { path: `/invitations/${enc(state.invitation)}` };
    },
  },
  { op: 'claimInvitation', ok: ({ w, state }) => ({ path: `/invitations/${enc(state.invitation)}/claim`, body: { inviteeUma: w.seed.sophie.umaAddress } }) },
  {
    op: 'cancelInvitation',
    ok: async ({ w }) => {
      const code = (await w.api.post('/invitations', { inviterUma: w.seed.alice.umaAddress })).body.code;
      return { path: `/invitations/${enc(code)}/cancel` };
    },
  },
  {
    op: 'linkStablecoinProviderAccount',
    ok: () => ({ path: '/stablecoin-provider-accounts', body: { provider: 'BRALE', apiClientId: 'client_1', apiClientSecret: 's3cret' }, headers: { 'Idempotency-Key': `link-${++n}` } }),
    bad: () => ({ path: '/stablecoin-provider-accounts', body: { provider: 'NOBODY', apiClientId: 'client_1', apiClientSecret: 's3cret' }, headers: { 'Idempotency-Key': `link-${++n}` } }),
  },
  {
    op: 'listStablecoinProviderAccounts',
    ok: async ({ w, state }) => {
      state.providerAccount = (await w.api.get('/stablecoin-provider-accounts')).body.data[0].id;
      return { path: '/stablecoin-provider-accounts' };
    },
  },
  { op: 'getStablecoinProviderAccount', ok: ({ state }) => ({ path: `/stablecoin-provider-accounts/${enc(state.providerAccount)}` }) },
  {
    op: 'registerStablecoin',
    ok: ({ state }) => ({ path: '/stablecoins', body: { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k', network: 'SPARK', stablecoinProviderAccountId: state.providerAccount }, headers: { 'Idempotency-Key': `coin-${++n}` } }),
    bad: () => ({ path: '/stablecoins', body: { providerTokenIdentifier: 'ACME' }, headers: { 'Idempotency-Key': `coin-${++n}` } }),
  },
  {
    op: 'listStablecoins',
    ok: async ({ w, state }) => {
      state.stablecoin = (await w.api.get('/stablecoins')).body.data[0].id;
      return { path: '/stablecoins?issuanceStatus=PROVISIONED&svcOperationsStatus=ENABLED&provider=BRALE' };
    },
  },
  { op: 'getStablecoin', ok: ({ state }) => ({ path: `/stablecoins/${enc(state.stablecoin)}` }) },
  {
    // 1.000000 ACME for 1.00 USD from Alice's account, kept in custody for that account.
    op: 'createStablecoinMint',
    ok: ({ w, state }) => ({ path: `/stablecoins/${enc(state.stablecoin)}/mints`, body: { amount: '1000000', fundingSource: { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceUsd }, description: 'Contract mint' }, headers: { 'Idempotency-Key': `mint-${++n}` } }),
  },
  {
    // Once the mint has completed (12 s on the clock), a cent's worth of it is burned to Alice's bank account.
    op: 'createStablecoinBurn',
    ok: async ({ w, state }) => {
      await advance(w, 12);
      return { path: `/stablecoins/${enc(state.stablecoin)}/burns`, body: { amount: '10000', source: { type: 'SVC_INTERNAL_ACCOUNT', accountId: w.seed.aliceUsd }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: w.seed.aliceExt['000'], rail: 'ACH_CREDIT' } }, headers: { 'Idempotency-Key': `burn-${++n}` } };
    },
  },
  {
    op: 'listStablecoinOperations',
    ok: async ({ w, state }) => {
      state.stablecoinOperation = (await w.api.get(`/stablecoins/${enc(state.stablecoin)}/operations`)).body.data?.[0]?.id;
      return { path: `/stablecoins/${enc(state.stablecoin)}/operations` };
    },
  },
  { op: 'getStablecoinOperation', ok: ({ state }) => ({ path: `/stablecoin-operations/${enc(state.stablecoinOperation ?? missing('StablecoinOperation'))}` }) },
];
