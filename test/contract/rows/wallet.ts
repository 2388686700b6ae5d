// Contract rows of embedded wallets: credentials, sessions, delegated keys and the wallet's internal
// account (privacy and export). Signed actions answer their first leg (202 with the payload to sign) or,
// where a row needs the outcome, the stamped retry; both are statuses the contract lists.
import { encryptOtpBundle, newKeyPair, stamp } from '../../../core/wallet/crypto';
import { fundingIneligible } from '../../../core/cards/sandbox';
import { addWallet, firstLeg, otpChallenge, otpSignIn, OTP, retryHeaders } from '../../support/worlds/wallet';
import { enc, type Call, type Row, type RowContext } from './table';
import { ApiClient } from '../../support/api-client';

/** A customer with an embedded wallet, a signed-in session and a card the wallet funds (state.wallet …). */
export async function prepareWallet({ w, state }: RowContext): Promise<void> {
  const api = new ApiClient(w.api.base, w.api.auth);
  // A wallet whose random id ends in a sandbox suffix that cannot fund a card (1 in 2,048) is made again.
  const customer = () => ({ phoneNumber: '+14155550177' });
  let made = await addWallet(api, customer());
  while (fundingIneligible(made.wallet.id)) made = await addWallet(api, customer());
  state.api = api;
  state.wallet = made.wallet;
  state.customer = made.customer;
  state.emailCredId = made.emailCredId;
  state.session = await otpSignIn(api, made.emailCredId);
  state.card = (await api.post('/cards', { cardholderId: made.customer.id, form: 'VIRTUAL', fundingSources: [made.wallet.id] })).body;
}

/** The stamped retry of a signed action: leg 1 is answered first, the call returned is the retry. */
async function stampedRetry({ state }: RowContext, method: string, path: string, body: unknown): Promise<Call> {
  const ch = await firstLeg(state.api, method, path, body);
  return { path, body, headers: retryHeaders(stamp(ch.payloadToSign, state.session.privateKey), ch.requestId) };
}

/** The rows of this area, in the order they run. */
export const walletRows: Row[] = [
  // The stamped retry, so the wallet has a second credential for revokeAuthCredential to remove.
  { op: 'createAuthCredential', ok: (ctx) => stampedRetry(ctx, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: ctx.state.wallet.id }) },
  { op: 'listAuthCredentials', ok: ({ state }) => ({ path: `/auth/credentials?accountId=${enc(state.wallet.id)}` }), bad: () => ({ path: '/auth/credentials' }) },
  { op: 'challengeAuthCredential', ok: ({ state }) => ({ path: `/auth/credentials/${enc(state.emailCredId)}/challenge`, body: {} }) },
  {
    op: 'verifyAuthCredential',
    ok: async ({ state }) => {
      const bundle = await otpChallenge(state.api, state.emailCredId);
      const tek = newKeyPair();
      state.tek = tek;
      return { path: `/auth/credentials/${enc(state.emailCredId)}/verify`, body: { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpBundle(bundle, OTP, tek.publicKeyUncompressed) } };
    },
  },
  { op: 'listAuthSessions', ok: ({ state }) => ({ path: `/auth/sessions?accountId=${enc(state.wallet.id)}` }), bad: () => ({ path: '/auth/sessions' }) },
  { op: 'refreshAuthSession', ok: ({ state }) => ({ path: `/auth/sessions/${enc(state.session.id)}/refresh`, body: { clientPublicKey: newKeyPair().publicKey } }) },
  { op: 'updateInternalAccount', ok: (ctx) => stampedRetry(ctx, 'PATCH', `/internal-accounts/${enc(ctx.state.wallet.id)}`, { privateEnabled: true }) },
  { op: 'exportInternalAccount', ok: ({ state }) => ({ path: `/internal-accounts/${enc(state.wallet.id)}/export`, body: { clientPublicKey: newKeyPair().publicKeyUncompressed } }) },
  {
    op: 'createDelegatedKey',
    ok: async (ctx) => {
      const call = await stampedRetry(ctx, 'POST', '/auth/delegated-keys', { cardId: ctx.state.card.id, internalAccountId: ctx.state.wallet.id, nickname: 'Card payments key' });
      return call;
    },
    bad: ({ state }) => ({ path: '/auth/delegated-keys', body: { cardId: state.card.id, internalAccountId: state.wallet.id, nickname: '' } }),
  },
  {
    op: 'listDelegatedKeys',
    ok: async ({ state }) => {
      state.delegatedKey = (await state.api.get(`/auth/delegated-keys?cardId=${enc(state.card.id)}`)).body.data[0]?.id;
      return { path: `/auth/delegated-keys?cardId=${enc(state.card.id)}` };
    },
    bad: () => ({ path: '/auth/delegated-keys?limit=0' }),
  },
  { op: 'getDelegatedKeyById', ok: ({ state }) => ({ path: `/auth/delegated-keys/${enc(state.delegatedKey)}` }) },
  { op: 'revokeDelegatedKey', ok: ({ state }) => ({ path: `/auth/delegated-keys/${enc(state.delegatedKey)}` }) },
  { op: 'revokeAuthSession', ok: ({ state }) => ({ path: `/auth/sessions/${enc(state.session.id)}` }) },
  {
    op: 'revokeAuthCredential',
    ok: async ({ state }) => {
      const list = (await state.api.get(`/auth/credentials?accountId=${enc(state.wallet.id)}`)).body.data as { id: string }[];
      return { path: `/auth/credentials/${enc(list.at(-1)!.id)}` };
    },
  },
];
