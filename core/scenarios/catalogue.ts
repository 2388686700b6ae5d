// The built-in scenario catalogue: every sandbox suffix and magic value as a runnable scenario.
// Money outcomes are generated from the sandbox's own tables (core/payments/outcomes.ts, the
// beneficiary, KYB/KYC and card tables), so a change of a table changes the expectation with it.
import { QUOTE_OUTCOMES, TRANSFER_OUTCOMES, UMA_RECIPIENTS, SANDBOX_UMA_DOMAIN, umaRefusal, type Outcome } from '../payments/outcomes';
import { BENEFICIARY_BY_SUFFIX } from '../accounts/external-service';
import { decideBySuffix, KYB_DECIDE_SECONDS, KYB_START_SECONDS, OWNER_KYC_SECONDS, KYC_LINK_SECONDS, SANDBOX_CONTACT_CODE } from '../verifications/sandbox';
import { issuanceOutcome, authorizationOutcome, ACTIVATION_DELAY_SECONDS, PULL_DELAY_SECONDS } from '../cards/sandbox';
import { checkpoints } from './timeline';
import { walletScenarios } from './catalogue-wallet';
import { flowScenarios } from './catalogue-flows';
import { scaScenarios } from './catalogue-sca';
import { balanceIs, externalAccount, followPayment, fundedCustomer, FUNDED, SENT } from './steps';
import type { ScenarioDefinition, ScenarioStep } from './types';

const SPEC = 'spec, Sandbox behaviors';

const label = (key: string) => (key === 'SUCCESS' ? 'any other suffix' : `suffix ${key}`);
const suffixOf = (key: string) => (key === 'SUCCESS' ? '000' : key);

function quoteScenarios(): ScenarioDefinition[] {
  return Object.entries(QUOTE_OUTCOMES).map(([key, table]): ScenarioDefinition => ({
    name: `quote-${table.name.toLowerCase().replace(/_/g, '-')}`,
    group: 'Quotes',
    source: 'CATALOGUE' as const,
    title: `Quote to a bank account, ${label(key)}: ${table.description}`,
    rule: `${SPEC}, quote execution to an external account destination: suffix ${key === 'SUCCESS' ? 'other' : key} → ${table.description}`,
    steps: [
      ...fundedCustomer(),
      externalAccount('EUR', suffixOf(key)),
      {
        title: `Quote ${SENT / 100} USD to the EUR account`,
        request: { method: 'POST', path: '/quotes', body: { source: { sourceType: 'ACCOUNT', accountId: '{{account}}' }, destination: { destinationType: 'ACCOUNT', accountId: '{{external}}' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: SENT } },
        expect: { status: 201, fields: { status: 'PENDING', totalSendingAmount: SENT } },
        save: { quote: 'id', transaction: 'transactionId' },
      },
      { title: 'Execute the quote', request: { method: 'POST', path: '/quotes/{{quote}}/execute' }, expect: { status: 200, fields: { status: 'PROCESSING' } } },
      balanceIs(FUNDED - SENT, 'the amount is held while the payment runs'),
      ...followPayment(checkpoints(table, 'PROCESSING', 'OUTGOING'), { quote: true, refund: true, debited: SENT }),
    ],
  }));
}

const TRANSFER_AMOUNT = 100_00;

function transferScenarios(direction: 'out' | 'in'): ScenarioDefinition[] {
  return Object.entries(TRANSFER_OUTCOMES).map(([key, table]): ScenarioDefinition => {
    const body = direction === 'out'
      ? { source: { accountId: '{{account}}' }, destination: { accountId: '{{external}}' }, amount: TRANSFER_AMOUNT }
      : { source: { accountId: '{{external}}' }, destination: { accountId: '{{account}}' }, amount: TRANSFER_AMOUNT };
    // An outgoing transfer that fails starts a refund like a quote's; an incoming one simply goes back.
    const money = direction === 'out' ? { quote: false, refund: true, debited: TRANSFER_AMOUNT } : { quote: false, refund: false, debited: 0, credited: TRANSFER_AMOUNT };
    const create: ScenarioStep = {
      title: direction === 'out' ? `Send ${TRANSFER_AMOUNT / 100} USD to the bank account (transfer out)` : `Pull ${TRANSFER_AMOUNT / 100} USD from the bank account (transfer in)`,
      request: { method: 'POST', path: `/transfer-${direction}`, body },
      expect: { status: 201, fields: table.immediateFailure ? { status: 'FAILED', failureReason: table.immediateFailure } : { status: 'PENDING' } },
      save: { transaction: 'id' },
    };
    const after = table.immediateFailure ? [balanceIs(FUNDED, 'nothing moved')] : followPayment(checkpoints(table, 'PENDING', direction === 'out' ? 'OUTGOING' : 'INCOMING'), money);
    return {
      name: `transfer-${direction}-${table.name.toLowerCase().replace(/_/g, '-')}`,
      group: 'Transfers',
      source: 'CATALOGUE' as const,
      title: `Transfer ${direction}, ${label(key)}: ${table.description}`,
      rule: `${SPEC}, transfer in and transfer out (external account suffix): ${key === 'SUCCESS' ? 'other' : key} → ${table.description}`,
      steps: [...fundedCustomer(), externalAccount('USD', suffixOf(key)), create, ...after],
    };
  });
}

function beneficiaryScenarios(): ScenarioDefinition[] {
  const rows: [string, string | null][] = [...Object.entries(BENEFICIARY_BY_SUFFIX), ['105', null], ['000', 'MATCHED']];
  return rows.map(([suffix, status]): ScenarioDefinition => ({
    name: `beneficiary-${suffix}-${(status ?? 'invalid-account').toLowerCase().replace(/_/g, '-')}`,
    group: 'Beneficiary verification',
    source: 'CATALOGUE' as const,
    title: status ? `Bank account ending ${suffix}: the beneficiary's name check says ${status}` : `Bank account ending ${suffix}: refused as an invalid account`,
    rule: `${SPEC}, beneficiary name verification: suffix ${suffix === '000' ? 'other' : suffix} → ${status ?? '400 error, invalid account'}`,
    steps: [
      ...fundedCustomer().slice(0, 1),
      {
        title: `Add a USD bank account ending in ${suffix}`,
        request: { method: 'POST', path: '/customers/external-accounts', body: { customerId: '{{customer}}', currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: `5000{{$n}}${suffix}`, routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Rehearsal Beneficiary' } } } },
        expect: status ? { status: 201, fields: { beneficiaryVerificationStatus: status } } : { status: 400, fields: { code: 'INVALID_BANK_ACCOUNT' } },
      },
    ],
  }));
}

const KYB_FINAL = { PENDING: ['PENDING_MANUAL_REVIEW', 'PENDING'], REJECTED: ['REJECTED', 'REJECTED'], APPROVED: ['APPROVED', 'APPROVED'] } as const;

function kybScenarios(): ScenarioDefinition[] {
  return ['001', '002', '003'].map((suffix): ScenarioDefinition => {
    const [verification, kyb] = KYB_FINAL[decideBySuffix(suffix)];
    return {
      name: `kyb-${suffix}-${kyb.toLowerCase()}`,
      group: 'KYB',
      source: 'CATALOGUE' as const,
      title: `Business verification with a registration number ending ${suffix}: ${verification} (kybStatus ${kyb})`,
      rule: `${SPEC}, KYB (POST /verifications): last 3 digits of registrationNumber: ${suffix === '003' ? 'other' : suffix} → ${kyb}`,
      steps: [
        { title: 'Create a business customer', request: { method: 'POST', path: '/customers', body: { customerType: 'BUSINESS', businessInfo: { legalName: 'Rehearsal {{$n}} Ltd', country: 'US', taxId: '12-3456789', incorporatedOn: '2019-05-01', registrationNumber: `REG-{{$n}}${suffix}` } } }, expect: { status: 201 }, save: { customer: 'id' } },
        { title: 'Add a beneficial owner', request: { method: 'POST', path: '/beneficial-owners', body: { customerId: '{{customer}}', personalInfo: { firstName: 'Dana', lastName: 'Smith', birthDate: '1980-02-03', nationality: 'US' }, roles: ['UBO'], ownershipPercentage: 60 } }, expect: { status: 201 } },
        { title: 'Start the verification', request: { method: 'POST', path: '/verifications', body: { customerId: '{{customer}}' } }, expect: { status: 200, fields: { type: 'KYB', status: 'READY_FOR_VERIFICATION' } }, save: { verification: 'id' } },
        { title: `${KYB_START_SECONDS} s later the check is running`, advanceSeconds: KYB_START_SECONDS, request: { method: 'GET', path: '/verifications/{{verification}}' }, expect: { status: 200, fields: { status: 'IN_PROGRESS' } } },
        { title: `${KYB_DECIDE_SECONDS} s later the check decides ${verification}`, advanceSeconds: KYB_DECIDE_SECONDS, request: { method: 'GET', path: '/verifications/{{verification}}' }, expect: { status: 200, fields: { status: verification } } },
        { title: `The customer's kybStatus is ${kyb}`, request: { method: 'GET', path: '/customers/{{customer}}' }, expect: { status: 200, fields: { kybStatus: kyb } } },
      ],
    };
  });
}

function kycScenarios(): ScenarioDefinition[] {
  const owners = ['Smith001', 'Smith002', 'Smith'].map((lastName): ScenarioDefinition => {
    const status = decideBySuffix(lastName);
    return {
      name: `kyc-owner-${status.toLowerCase()}`,
      group: 'KYC',
      source: 'CATALOGUE' as const,
      title: `Beneficial owner named ${lastName}: KYC ${status}`,
      rule: `${SPEC}, beneficial owner KYC: last 3 characters of lastName: ${lastName.slice(-3)} → ${status}`,
      steps: [
        { title: 'Create a business customer', request: { method: 'POST', path: '/customers', body: { customerType: 'BUSINESS', businessInfo: { legalName: 'Rehearsal {{$n}} Ltd', country: 'US', taxId: '12-3456789', incorporatedOn: '2019-05-01' } } }, expect: { status: 201 }, save: { customer: 'id' } },
        { title: `Add an owner whose last name is ${lastName}`, request: { method: 'POST', path: '/beneficial-owners', body: { customerId: '{{customer}}', personalInfo: { firstName: 'Dana', lastName, birthDate: '1980-02-03', nationality: 'US' }, roles: ['UBO'], ownershipPercentage: 60 } }, expect: { status: 201, fields: { kycStatus: 'PENDING' } }, save: { owner: 'id' } },
        { title: `${OWNER_KYC_SECONDS} s later the owner's KYC is ${status}`, advanceSeconds: OWNER_KYC_SECONDS, request: { method: 'GET', path: '/beneficial-owners/{{owner}}' }, expect: { status: 200, fields: { kycStatus: status } } },
      ],
    };
  });
  const links = ['Ana Diaz001', 'Ana Diaz002', 'Ana Diaz'].map((fullName): ScenarioDefinition => {
    const status = decideBySuffix(fullName);
    return {
      name: `kyc-link-${status.toLowerCase()}`,
      group: 'KYC',
      source: 'CATALOGUE' as const,
      title: `Individual named ${fullName} completes a KYC link: ${status}`,
      rule: `${SPEC}, KYC: last 3 characters of the last name: ${fullName.slice(-3)} → ${status}`,
      steps: [
        { title: `Create a customer named ${fullName}`, request: { method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', fullName, currencies: ['USD'] } }, expect: { status: 201 }, save: { customer: 'id' } },
        { title: 'Issue a KYC link', request: { method: 'POST', path: '/customers/{{customer}}/kyc-link' }, expect: { status: 201 } },
        { title: 'The customer\'s KYC is PENDING', request: { method: 'GET', path: '/customers/{{customer}}' }, expect: { status: 200, fields: { kycStatus: 'PENDING' } } },
        { title: `${KYC_LINK_SECONDS} s later it is ${status}`, advanceSeconds: KYC_LINK_SECONDS, request: { method: 'GET', path: '/customers/{{customer}}' }, expect: { status: 200, fields: { kycStatus: status } } },
      ],
    };
  });
  return [...owners, ...links];
}

function umaScenarios(): ScenarioDefinition[] {
  return Object.entries(UMA_RECIPIENTS).map(([local, r]): ScenarioDefinition => {
    const address = `${local}@${SANDBOX_UMA_DOMAIN}`;
    const refusal = umaRefusal(r);
    const name = `uma-${local.slice(1).replace(/\./g, '-')}`;
    const base = { name, group: 'UMA recipients', source: 'CATALOGUE' as const, rule: `${SPEC}, UMA sandbox recipients: ${local} — ${refusal ? refusal.message : r.outcome.description}` };
    if (refusal) {
      return { ...base, title: `Pay ${address}: refused, the receiver speaks an unsupported UMA version`, steps: [{ title: `Look up ${address}`, request: { method: 'GET', path: `/receiver/uma/${address}` }, expect: { status: refusal.status, fields: { code: refusal.code } } }] };
    }
    return {
      ...base,
      title: `Pay ${address} in ${r.currency}: ${r.outcome.description}`,
      steps: [
        ...fundedCustomer(),
        { title: `Look up ${address}`, request: { method: 'GET', path: `/receiver/uma/${address}` }, expect: { status: 200 }, save: { lookup: 'lookupId' } },
        {
          title: `Quote ${SENT / 100} USD to ${address}`,
          request: { method: 'POST', path: '/quotes', body: { source: { sourceType: 'ACCOUNT', accountId: '{{account}}' }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: address }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: SENT, lookupId: '{{lookup}}', senderCustomerInfo: { FULL_NAME: 'Rehearsal Person', BIRTH_DATE: '1988-04-12' } } },
          expect: { status: 201, fields: { 'receivingCurrency.code': r.currency } },
          save: { quote: 'id', transaction: 'transactionId' },
        },
        { title: 'Execute the quote', request: { method: 'POST', path: '/quotes/{{quote}}/execute' }, expect: { status: 200, fields: { status: 'PROCESSING' } } },
        ...followPayment(checkpoints(r.outcome, 'PROCESSING', 'OUTGOING'), { quote: true, refund: true, debited: SENT }),
      ],
    };
  });
}

function otpScenarios(): ScenarioDefinition[] {
  return [
    {
      name: 'otp-contact-code',
      group: 'One-time codes',
      source: 'CATALOGUE',
      title: `Email verification: a wrong code is refused, the sandbox code ${SANDBOX_CONTACT_CODE} confirms`,
      rule: `spec, Global Account sandbox values 1: "EMAIL_OTP and SMS_OTP code is always ${SANDBOX_CONTACT_CODE}"; contact verification is required only where the provider mandates it`,
      steps: [
        { title: 'Create a US customer with an email', request: { method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', fullName: 'Rehearsal Person', nationality: 'US', email: 'otp.{{$n}}@example.com', currencies: ['USD'] } }, expect: { status: 201 }, save: { customer: 'id' } },
        { title: 'Send an email code', request: { method: 'POST', path: '/customers/{{customer}}/verify-email' }, expect: { status: 204 } },
        { title: 'A wrong code is refused, naming the code', request: { method: 'POST', path: '/customers/{{customer}}/verify-email/confirm', body: { code: '123456' } }, expect: { status: 400, fields: { 'details.errors.0.field': 'code' } } },
        // The customer has no phone, so its contactVerification names the email alone.
        { title: `The sandbox code ${SANDBOX_CONTACT_CODE} confirms the email: the customer answers with its email VERIFIED`, request: { method: 'POST', path: '/customers/{{customer}}/verify-email/confirm', body: { code: SANDBOX_CONTACT_CODE } }, expect: { status: 200, fields: { 'contactVerification.email': 'VERIFIED', 'contactVerification.phone': null } } },
      ],
    },
    {
      name: 'otp-not-mandated',
      group: 'One-time codes',
      source: 'CATALOGUE',
      title: 'Email verification where the provider does not require it: refused with 409',
      rule: 'spec, functional areas: contact verification is "required only where the customer\'s payment provider mandates it; other providers answer 409"',
      steps: [
        { title: 'Create a French customer', request: { method: 'POST', path: '/customers', body: { customerType: 'INDIVIDUAL', fullName: 'Rehearsal Personne', nationality: 'FR', email: 'otp.fr.{{$n}}@example.com', currencies: ['EUR'] } }, expect: { status: 201 }, save: { customer: 'id' } },
        { title: 'Asking for an email code is refused (409)', request: { method: 'POST', path: '/customers/{{customer}}/verify-email' }, expect: { status: 409, fields: { 'details.reason': 'CONTACT_VERIFICATION_NOT_REQUIRED' } } },
      ],
    },
  ];
}

function cardScenarios(): ScenarioDefinition[] {
  const issue = (suffix: string): ScenarioStep => ({
    title: `Issue a virtual card whose platform card id ends ${suffix}`,
    request: { method: 'POST', path: '/cards', body: { cardholderId: '{{customer}}', form: 'VIRTUAL', fundingSources: ['{{account}}'], platformCardId: `rehearsal-{{$n}}-${suffix}` } },
    expect: { status: 201 },
    save: { card: 'id' },
  });
  const cardIs = (status: string, advanceSeconds?: number): ScenarioStep => ({ title: `${advanceSeconds ? `${advanceSeconds} s later the` : 'The'} card is ${status}`, ...(advanceSeconds ? { advanceSeconds } : {}), request: { method: 'GET', path: '/cards/{{card}}' }, expect: { status: 200, fields: { state: status } } });
  const issuance: ScenarioDefinition[] = ['000', '001', '002', '005'].map((suffix) => {
    const outcome = issuanceOutcome(suffix);
    const checks = outcome === 'ACTIVE' ? [cardIs('ACTIVE')] : outcome === 'STAYS_PROCESSING' ? [cardIs('PROCESSING'), cardIs('PROCESSING', ACTIVATION_DELAY_SECONDS)]
      : outcome === 'REJECTED' ? [{ ...cardIs('CLOSED'), expect: { status: 200, fields: { state: 'CLOSED', stateReason: 'ISSUER_REJECTED' } } }] : [cardIs('PROCESSING'), cardIs('ACTIVE', ACTIVATION_DELAY_SECONDS)];
    return {
      name: `card-issue-${outcome.toLowerCase().replace(/_/g, '-')}`, group: 'Cards', source: 'CATALOGUE',
      title: `Card issued with an id ending ${suffix}: ${outcome.replace(/_/g, ' ').toLowerCase()}`,
      rule: 'core/cards/sandbox.ts issuance table (upstream facts; the spec says the card suffixes are "not shown"): 001 stays PROCESSING, 002 rejected (CLOSED), 005 activates after 30 s, others at once',
      steps: [...fundedCustomer(), issue(suffix), ...checks],
    };
  });
  const authorizations: ScenarioDefinition[] = ['000', '002', '003', '005'].map((suffix) => {
    const outcome = authorizationOutcome(suffix);
    const simulate: ScenarioStep = {
      title: `A 20.00 USD purchase at a merchant whose descriptor ends ${suffix}`,
      request: { method: 'POST', path: '/sandbox/cards/{{card}}/simulate/authorization', body: { amount: 20_00, currency: { code: 'USD' }, merchant: { descriptor: `CORNER COFFEE SF ${suffix}`, mcc: '5814', country: 'US' } } },
      expect: outcome.decline ? { status: 400, fields: { code: outcome.decline } } : { status: 202, fields: { status: 'AUTHORIZED' } },
      ...(outcome.decline ? {} : { save: { cardTransaction: 'id' } }),
    };
    const later: ScenarioStep[] = outcome.decline ? [balanceIs(FUNDED, 'a declined purchase moves no money')]
      : outcome.pull === 'DELAYED' ? [
        { title: 'The pull from the account is still pending', request: { method: 'GET', path: '/transactions/{{cardTransaction}}' }, expect: { status: 200, fields: { 'pullSummary.pendingCount': 1 } } },
        { title: `${PULL_DELAY_SECONDS} s later the pull is confirmed`, advanceSeconds: PULL_DELAY_SECONDS, request: { method: 'GET', path: '/transactions/{{cardTransaction}}' }, expect: { status: 200, fields: { 'pullSummary.pendingCount': 0, 'pullSummary.totalAmount': 20_00 } } },
      ] : [{ title: 'The pull from the account is confirmed at once', request: { method: 'GET', path: '/transactions/{{cardTransaction}}' }, expect: { status: 200, fields: { 'pullSummary.pendingCount': 0, 'pullSummary.totalAmount': 20_00 } } }];
    return {
      name: `card-authorization-${suffix}-${(outcome.decline ?? outcome.pull).toLowerCase().replace(/_/g, '-')}`, group: 'Cards', source: 'CATALOGUE',
      title: `Card purchase at a merchant ending ${suffix}: ${outcome.decline ? `declined (${outcome.decline})` : outcome.pull === 'DELAYED' ? 'approved, the pull confirms about 30 s later' : 'approved at once'}`,
      rule: 'core/cards/sandbox.ts authorization table (upstream facts): 002 declines INSUFFICIENT_FUNDS, 003 CARD_PAUSED, 005 pull pending about 30 s, others approve',
      steps: [...fundedCustomer(), issue('000'), simulate, ...later],
    };
  });
  return [...issuance, ...authorizations];
}

function agentScenarios(): ScenarioDefinition[] {
  return [{
    name: 'agent-connect', group: 'Agents', source: 'CATALOGUE',
    title: 'An agent is created, connects with its device code and sees itself',
    rule: 'spec, Agent flags: "isConnected becomes true when the device code is redeemed"; Other endpoints: "POST /agents/device-codes/{code}/redeem returns the agent accessToken"; Authentication 2: /agents/me answers to that bearer token',
    steps: [
      ...fundedCustomer().slice(0, 2),
      { title: 'Create an agent for the customer', request: { method: 'POST', path: '/agents', body: { name: 'Rehearsal agent {{$n}}', customerId: '{{customer}}', policy: { permissions: ['VIEW_TRANSACTIONS'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_00 } } } }, expect: { status: 201 }, save: { agent: 'agent.id', code: 'deviceCode.code' } },
      { title: 'Before redeeming, the agent is not connected', request: { method: 'GET', path: '/agents/{{agent}}' }, expect: { status: 200, fields: { isConnected: false } } },
      { title: 'The agent redeems its device code', request: { method: 'POST', path: '/agents/device-codes/{{code}}/redeem' }, expect: { status: 200 }, save: { token: 'accessToken' } },
      { title: 'Now the agent is connected', request: { method: 'GET', path: '/agents/{{agent}}' }, expect: { status: 200, fields: { isConnected: true } } },
      { title: 'Redeeming the same code again is refused', request: { method: 'POST', path: '/agents/device-codes/{{code}}/redeem' }, expect: { status: 400 } },
      { title: 'With its token the agent reads itself', request: { method: 'GET', path: '/agents/me', headers: { authorization: 'Bearer {{token}}' } }, expect: { status: 200, fields: { id: '{{agent}}' } } },
    ],
  }];
}

function webhookScenarios(): ScenarioDefinition[] {
  const setEndpoint = (title: string, value: string | null, always = false): ScenarioStep => ({
    title, request: { method: 'PATCH', path: '/config', body: { webhookEndpoint: value } }, expect: { status: 200 }, ...(always ? { always } : {}),
  });
  return [{
    name: 'webhook-test-errors', group: 'Webhooks', source: 'CATALOGUE',
    title: 'A test webhook to an endpoint that does not answer, or with no endpoint set, is a clear error',
    rule: 'core/webhooks/routes.ts (POST /sandbox/webhooks/test): no answer at all is 400 WEBHOOK_DELIVERY_ERROR; without an endpoint 400 WEBHOOK_ENDPOINT_NOT_SET. The endpoint is put back afterwards.',
    steps: [
      { title: 'Note the webhook endpoint set now', request: { method: 'GET', path: '/config' }, expect: { status: 200 }, save: { endpoint: 'webhookEndpoint?' } },
      setEndpoint('Point webhooks at an address where nothing listens', 'http://127.0.0.1:9/rehearsal'),
      { title: 'A test webhook is refused: nothing answered', request: { method: 'POST', path: '/sandbox/webhooks/test' }, expect: { status: 400, fields: { code: 'WEBHOOK_DELIVERY_ERROR' } } },
      setEndpoint('Clear the webhook endpoint', null),
      { title: 'A test webhook is refused: no endpoint is set', request: { method: 'POST', path: '/sandbox/webhooks/test' }, expect: { status: 400, fields: { code: 'WEBHOOK_ENDPOINT_NOT_SET' } } },
      { ...setEndpoint('Put the webhook endpoint back as it was', null, true), request: { method: 'PATCH', path: '/config', body: { webhookEndpoint: '{{endpoint}}' } } },
    ],
  }];
}

const FLOWS = flowScenarios();

/** Every built-in scenario, grouped by area in this order. */
export const CATALOGUE: readonly ScenarioDefinition[] = [
  ...quoteScenarios(), ...transferScenarios('out'), ...transferScenarios('in'), ...beneficiaryScenarios(), ...kybScenarios(), ...kycScenarios(),
  ...umaScenarios(), ...FLOWS.suffixRules, ...FLOWS.payments, ...otpScenarios(), ...walletScenarios(), ...cardScenarios(), ...FLOWS.cards, ...agentScenarios(), ...FLOWS.agents,
  ...webhookScenarios(), ...scaScenarios(),
];

/** The sandbox table entry type, re-exported for readers of the catalogue. */
export type { Outcome as SandboxOutcome };
