// Contract rows of Strong Customer Authentication: factors, login, security events, factor reset,
// trusted beneficiaries and quote authorization. Alice and Sophie have a TOTP app enrolled (prepareSca).
import { accountQuote, externalAccount } from '../../support/money-path';
import { enrolTotp, SANDBOX_CODE, scaPath, totpNow } from '../../api/sca-helpers';
import { enc, type Row, type RowContext } from './table';

const IP = '203.0.113.42';

/** Alice and Sophie with a TOTP app each; Alice's MXN account and a second USD payee. */
export async function prepareSca({ w, state }: RowContext): Promise<void> {
  await enrolTotp(w, w.seed.alice.id);
  await enrolTotp(w, w.seed.sophie.id);
  state.mxn = await externalAccount(w, w.seed.alice.id, 'MXN', '000');
  state.usd = await externalAccount(w, w.seed.alice.id, 'USD', '000');
}

/** A quote of Alice's, waiting in PENDING_AUTHORIZATION. */
async function quoteNeedingSca({ w, state }: RowContext): Promise<string> {
  const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, state.mxn, 'SENDING', 30_00));
  if (r.status !== 202) throw new Error(`a quote needing SCA: ${r.status} ${r.text}`);
  return r.body.id as string;
}

const trustPath = (id: string, verb: 'trust' | 'untrust', confirm = false) => `/customers/external-accounts/${enc(id)}/${verb}${confirm ? '/confirm' : ''}`;

/** The rows of this area, in the order they run. */
export const scaRows: Row[] = [
  { op: 'listScaFactors', ok: ({ w }) => ({ path: scaPath('/factors', w.seed.alice.id) }) },
  { op: 'startScaFactorEnrollment', ok: ({ w }) => ({ path: scaPath('/factors', w.seed.lucia.id), body: { type: 'TOTP' } }), bad: ({ w }) => ({ path: scaPath('/factors', w.seed.lucia.id), body: { type: 'EMAIL' } }) },
  {
    op: 'confirmScaFactorEnrollment',
    ok: async ({ w }) => {
      const start = await w.api.post(scaPath('/factors', w.seed.lucia.id), { type: 'TOTP' });
      return { path: scaPath('/factors/confirm', w.seed.lucia.id), body: { type: 'TOTP', secret: start.body.secret, code: await totpNow(w, start.body.secretBase32Encoded) } };
    },
  },
  { op: 'startScaLogin', ok: ({ w }) => ({ path: scaPath('/login/start', w.seed.alice.id), body: { factor: 'TOTP' } }) },
  {
    op: 'completeScaLogin',
    ok: async ({ w }) => {
      await w.api.post(scaPath('/login/start', w.seed.alice.id), { factor: 'TOTP' });
      return { path: scaPath('/login/complete', w.seed.alice.id), body: { factor: 'TOTP', code: SANDBOX_CODE, endUserIpAddress: IP } };
    },
  },
  { op: 'recordSecurityEvent', ok: ({ w }) => ({ path: scaPath('/record-event', w.seed.alice.id), body: { eventType: 'FAILED_LOGIN_ATTEMPT' } }), bad: ({ w }) => ({ path: scaPath('/record-event', w.seed.alice.id), body: { eventType: 'PARTY' } }) },
  { op: 'authorizeQuote', ok: async (ctx) => ({ path: `/quotes/${enc(await quoteNeedingSca(ctx))}/authorize`, body: { code: SANDBOX_CODE, endUserIpAddress: IP } }) },
  { op: 'resendQuoteScaCode', ok: async (ctx) => ({ path: `/quotes/${enc(await quoteNeedingSca(ctx))}/authorize/resend` }) },
  { op: 'startBeneficiaryTrust', ok: ({ state }) => ({ path: trustPath(state.mxn, 'trust') }) },
  {
    op: 'confirmBeneficiaryTrust',
    ok: async ({ w, state }) => {
      const start = await w.api.post(trustPath(state.usd, 'trust'));
      return { path: trustPath(state.usd, 'trust', true), body: { challengeId: start.body.scaChallenge?.id, code: SANDBOX_CODE } };
    },
  },
  { op: 'startBeneficiaryUntrust', ok: ({ state }) => ({ path: trustPath(state.usd, 'untrust') }) },
  {
    op: 'confirmBeneficiaryUntrust',
    ok: async ({ w, state }) => {
      const start = await w.api.post(trustPath(state.usd, 'untrust'));
      return { path: trustPath(state.usd, 'untrust', true), body: { challengeId: start.body.scaChallenge?.id, code: SANDBOX_CODE } };
    },
  },
  {
    op: 'deleteScaFactor',
    ok: async ({ w }) => {
      // Lucía's app, enrolled by the confirmScaFactorEnrollment row.
      const list = await w.api.get(scaPath('/factors', w.seed.lucia.id));
      const credentialId = (list.body.factors as { credentialId: string }[])[0]!.credentialId;
      return { path: `/sca/factors/${enc(credentialId)}?customerId=${enc(w.seed.lucia.id)}` };
    },
  },
  { op: 'startTwoFactorReset', ok: ({ w }) => ({ path: scaPath('/factors/reset', w.seed.sophie.id), body: { factor: 'TOTP' } }), bad: ({ w }) => ({ path: scaPath('/factors/reset', w.seed.sophie.id), body: { factor: 'CARRIER_PIGEON' } }) },
  {
    op: 'getTwoFactorResetStatus',
    ok: async ({ w, state }) => {
      state.reset = (await w.api.post(scaPath('/factors/reset', w.seed.alice.id), { factor: 'TOTP' })).body.resetId;
      return { path: `/sca/factors/reset/${enc(state.reset)}?customerId=${enc(w.seed.alice.id)}` };
    },
  },
  {
    op: 'completeTwoFactorReset',
    ok: async ({ w, state }) => {
      await w.api.post('/sandbox/clock/advance', { seconds: 30 });
      return { path: `/sca/factors/reset/${enc(state.reset)}/complete?customerId=${enc(w.seed.alice.id)}`, body: {} };
    },
  },
];
