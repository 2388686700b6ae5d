// Building blocks of the catalogue: the few request sequences most scenarios share (a funded
// customer, an external account with a chosen suffix), written once as data.
import type { Checkpoint } from './timeline';
import type { ScenarioStep } from './types';

/** The amount every money scenario funds its source account with, in cents. */
export const FUNDED = 1_000_00;
/** The amount every money scenario sends, in cents (sending side locked, so the source is debited exactly this). */
export const SENT = 321_00;

/** A new individual US customer with a USD account funded with FUNDED; saves `customer` and `account`. */
export function fundedCustomer(): ScenarioStep[] {
  return [
    {
      title: 'Create a customer for this scenario',
      request: { method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', fullName: 'Rehearsal Person', nationality: 'US', email: 'rehearsal.{{$n}}@example.com', currencies: ['USD'] } },
      expect: { status: 201 },
      save: { customer: 'id' },
    },
    {
      title: 'Find the customer\'s USD account',
      request: { method: 'GET', path: '/customers/internal-accounts?customerId={{customer}}' },
      expect: { status: 200, fields: { 'data.0.balance.currency.code': 'USD' } },
      save: { account: 'data.0.id' },
    },
    {
      title: `Fund the USD account with ${FUNDED / 100} USD (sandbox fund)`,
      request: { method: 'POST', path: '/sandbox/internal-accounts/{{account}}/fund', body: { amount: FUNDED } },
      expect: { status: 200, fields: { 'balance.amount': FUNDED } },
    },
  ];
}

/** Account info of a USD, EUR or MXN bank account whose primary identifier ends in `suffix`. */
export function bankAccountInfo(currency: 'USD' | 'EUR' | 'MXN', suffix: string): Record<string, unknown> {
  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Rehearsal Beneficiary' };
  if (currency === 'EUR') return { accountType: 'EUR_ACCOUNT', iban: `FR76300060000112{{$n}}${suffix}`, beneficiary };
  if (currency === 'MXN') return { accountType: 'MXN_ACCOUNT', clabeNumber: `002180000{{$n}}${suffix}`, beneficiary };
  return { accountType: 'USD_ACCOUNT', accountNumber: `5000{{$n}}${suffix}`, routingNumber: '021000021', beneficiary };
}

/** Creates the customer's external account ending in `suffix`; saves `external`. */
export function externalAccount(currency: 'USD' | 'EUR' | 'MXN', suffix: string): ScenarioStep {
  return {
    title: `Add a ${currency} bank account ending in ${suffix}`,
    request: { method: 'POST', path: '/customers/external-accounts', body: { customerId: '{{customer}}', currency, accountInfo: bankAccountInfo(currency, suffix) } },
    expect: { status: 201 },
    save: { external: 'id' },
  };
}

/** Reads the customer's USD account and expects its spendable balance. */
export function balanceIs(amount: number, why: string): ScenarioStep {
  return {
    title: `The USD account's spendable balance is ${(amount / 100).toFixed(2)} USD (${why})`,
    request: { method: 'GET', path: '/customers/internal-accounts?customerId={{customer}}' },
    expect: { status: 200, fields: { 'data.0.balance.amount': amount } },
  };
}

/** A checkpoint in words, naming the failure reason and any refund reason other than the usual TRANSACTION_FAILED. */
function paymentState(p: Checkpoint): string {
  const why = p.failureReason ? ` with failure reason ${p.failureReason}` : '';
  const refund = p.refund ? `, its refund ${p.refund.status}${p.refund.reason === 'TRANSACTION_FAILED' ? '' : ` (reason ${p.refund.reason})`}` : '';
  return `the payment is ${p.tx}${why}${refund}`;
}

/** Steps that walk the clock through a payment's checkpoints, reading the transaction (and quote) at each. */
export function followPayment(points: Checkpoint[], o: { quote: boolean; refund: boolean; debited: number; credited?: number }): ScenarioStep[] {
  const steps: ScenarioStep[] = [];
  let now = 0;
  for (const p of points) {
    const fields: Record<string, unknown> = { status: p.tx, failureReason: p.failureReason };
    if (o.refund) Object.assign(fields, { 'refund.status': p.refund?.status ?? null, 'refund.reason': p.refund?.reason ?? null });
    steps.push({ title: `${p.at} s after the start ${paymentState(p)}`, advanceSeconds: p.at - now, request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields } });
    if (o.quote) steps.push({ title: `The quote is ${p.quote}`, request: { method: 'GET', path: '/quotes/{{quote}}' }, expect: { status: 200, fields: { status: p.quote } } });
    now = p.at;
  }
  const last = points.at(-1);
  if (last) {
    const settled = o.credited !== undefined ? FUNDED + (last.tx === 'COMPLETED' ? o.credited : 0) : last.restored ? FUNDED : FUNDED - o.debited;
    steps.push(balanceIs(settled, last.restored ? 'the money came back' : last.tx === 'COMPLETED' ? 'the payment went through' : 'the money did not come back'));
  }
  return steps;
}
