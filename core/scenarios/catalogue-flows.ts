// Scenarios of the sandbox payment endpoints (real-time funding paid by /sandbox/send, an incoming UMA
// payment), of card clearing (the spec's clearing rules) and of agents' pause and approval flags.
import { QUOTE_OUTCOMES, SANDBOX_UMA_DOMAIN } from '../payments/outcomes';
import { checkpoints } from './timeline';
import { authorizationOutcome, postHocPullOutcome } from '../cards/sandbox';
import { balanceIs, externalAccount, followPayment, fundedCustomer, FUNDED, SENT } from './steps';
import type { ScenarioDefinition, ScenarioStep } from './types';

const SANDBOX = 'spec, Sandbox behaviors';
const CLEARING = 'spec, POST /sandbox/cards/{id}/simulate/clearing';

function paymentScenarios(): ScenarioDefinition[] {
  return [
    {
      name: 'sandbox-send-realtime-funding', group: 'Sandbox payments', source: 'CATALOGUE',
      title: 'A quote with real-time funding is paid through /sandbox/send and completes',
      rule: `${SANDBOX}: "POST /sandbox/send — quoteId, currencyCode; simulates payment of a real-time-funded quote"; "a quote with real-time funding is paid through /sandbox/send"`,
      steps: [
        ...fundedCustomer().slice(0, 1),
        externalAccount('EUR', '000'),
        { title: 'Quote 250.00 USD with real-time funding to the EUR account', request: { method: 'POST', path: '/quotes', body: { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: '{{customer}}' }, destination: { destinationType: 'ACCOUNT', accountId: '{{external}}' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 250_00 } }, expect: { status: 201, fields: { status: 'PENDING' } }, save: { quote: 'id', transaction: 'transactionId' } },
        { title: 'Pay the quote in USD (sandbox send)', request: { method: 'POST', path: '/sandbox/send', body: { quoteId: '{{quote}}', currencyCode: 'USD' } }, expect: { status: 200, fields: { id: '{{transaction}}', status: 'PROCESSING' } } },
        { title: '5 s later the payment is COMPLETED', advanceSeconds: 5, request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'COMPLETED' } } },
        { title: 'The quote is COMPLETED', request: { method: 'GET', path: '/quotes/{{quote}}' }, expect: { status: 200, fields: { status: 'COMPLETED' } } },
      ],
    },
    {
      name: 'sandbox-uma-receive', group: 'Sandbox payments', source: 'CATALOGUE',
      title: "An incoming UMA payment to a customer's UMA address credits the USD account",
      rule: `${SANDBOX}: "POST /sandbox/uma/receive — senderUmaAddress, receiverUmaAddress, receivingCurrencyCode, receivingCurrencyAmount"`,
      steps: [
        ...fundedCustomer().slice(0, 1).map((s) => ({ ...s, save: { customer: 'id', uma: 'umaAddress' } })),
        ...fundedCustomer().slice(1),
        { title: 'Receive 7.00 USD from another UMA address', request: { method: 'POST', path: '/sandbox/uma/receive', body: { senderUmaAddress: `$rehearsal.sender@${SANDBOX_UMA_DOMAIN}`, receiverUmaAddress: '{{uma}}', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 } }, expect: { fields: { type: 'INCOMING', status: 'PENDING', customerId: '{{customer}}' } }, save: { transaction: 'id' } },
        { title: '5 s later the incoming payment is COMPLETED', advanceSeconds: 5, request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'COMPLETED' } } },
        balanceIs(FUNDED + 700, 'the incoming payment was credited'),
      ],
    },
  ];
}

function suffixRuleScenarios(): ScenarioDefinition[] {
  const table = QUOTE_OUTCOMES['002']!;
  return [{
    name: 'suffix-domain-part-lightning', group: 'Suffix rules', source: 'CATALOGUE',
    title: `Quote to a Lightning address whose user part ends 002 (…002@wallet.example): ${table.description}`,
    rule: `${SANDBOX}, suffix rules: "the last 3 digits of an external account's primary identifier … select the scenario; for identifiers with a domain part the digits are appended to the user part"`,
    steps: [
      ...fundedCustomer(),
      { title: 'Add a Lightning address whose user part ends in 002', request: { method: 'POST', path: '/customers/external-accounts', body: { customerId: '{{customer}}', currency: 'BTC', accountInfo: { accountType: 'LIGHTNING', address: 'rehearsal{{$n}}002@wallet.example', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Rehearsal Beneficiary' } } } }, expect: { status: 201 }, save: { external: 'id' } },
      {
        title: `Quote ${SENT / 100} USD to the Lightning address`,
        request: { method: 'POST', path: '/quotes', body: { source: { sourceType: 'ACCOUNT', accountId: '{{account}}' }, destination: { destinationType: 'ACCOUNT', accountId: '{{external}}' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: SENT } },
        expect: { status: 201, fields: { status: 'PENDING', 'receivingCurrency.code': 'BTC' } },
        save: { quote: 'id', transaction: 'transactionId' },
      },
      { title: 'Execute the quote', request: { method: 'POST', path: '/quotes/{{quote}}/execute' }, expect: { status: 200, fields: { status: 'PROCESSING' } } },
      ...followPayment(checkpoints(table, 'PROCESSING', 'OUTGOING'), { quote: true, refund: true, debited: SENT }),
    ],
  }];
}

function clearingScenarios(): ScenarioDefinition[] {
  const setup = (descriptorSuffix: string, amount: number): ScenarioStep[] => [
    ...fundedCustomer(),
    { title: 'Issue a virtual card on the USD account', request: { method: 'POST', path: '/cards', body: { cardholderId: '{{customer}}', form: 'VIRTUAL', fundingSources: ['{{account}}'], platformCardId: 'rehearsal-{{$n}}-000' } }, expect: { status: 201 }, save: { card: 'id' } },
    { title: `A ${(amount / 100).toFixed(2)} USD purchase is authorized (merchant ending ${descriptorSuffix})`, request: { method: 'POST', path: '/sandbox/cards/{{card}}/simulate/authorization', body: { amount, currency: { code: 'USD' }, merchant: { descriptor: `CORNER SHOP SF ${descriptorSuffix}`, mcc: '5411', country: 'US' } } }, expect: { status: 202, fields: { status: 'AUTHORIZED' } }, save: { cardTransaction: 'id' } },
  ];
  const clear = (amount: number, fields: Record<string, unknown>, why: string): ScenarioStep => ({
    title: `Clear ${(amount / 100).toFixed(2)} USD: ${why}`,
    request: { method: 'POST', path: '/sandbox/cards/{{card}}/simulate/clearing', body: { cardTransactionId: '{{cardTransaction}}', amount } },
    expect: { status: 200, fields },
  });
  // Merchants whose approved transaction gets an id with a failing post-hoc pull (the card table's own choice).
  const failing = ['102', '106'].map((d) => [d, authorizationOutcome(d).idSuffix!] as const).filter(([, id]) => postHocPullOutcome(id) !== 'CONFIRMED');
  return [
    {
      name: 'card-clearing-partial-then-full', group: 'Cards', source: 'CATALOGUE',
      title: 'Card clearing in two parts: PARTIALLY_SETTLED, then SETTLED',
      rule: `spec, Card transaction status: "PARTIALLY_SETTLED (at least one clearing posted, more expected), SETTLED (all clearings posted)"; ${CLEARING}: accepted only in AUTHORIZED or PARTIALLY_SETTLED`,
      steps: [
        ...setup('000', 30_00),
        clear(10_00, { status: 'PARTIALLY_SETTLED', 'settledAmount.amount': 10_00 }, 'part of it is posted'),
        clear(20_00, { status: 'SETTLED', 'settledAmount.amount': 30_00 }, 'the rest is posted'),
        { ...clear(5_00, {}, 'refused, the transaction is already SETTLED'), expect: { status: 400, fields: { code: 'CARD_TRANSACTION_NOT_CLEARABLE' } } },
        balanceIs(FUNDED - 30_00, 'the purchase was paid'),
      ],
    },
    {
      name: 'card-return-refunded', group: 'Cards', source: 'CATALOGUE',
      title: 'A merchant return of a settled purchase: REFUNDED, the money back on the account',
      rule: 'spec, Card transaction status: "REFUNDED (a merchant return was received)"',
      steps: [
        ...setup('000', 30_00),
        clear(30_00, { status: 'SETTLED' }, 'the purchase settles'),
        { title: 'The merchant returns all 30.00 USD', request: { method: 'POST', path: '/sandbox/cards/{{card}}/simulate/return', body: { cardTransactionId: '{{cardTransaction}}', amount: 30_00 } }, expect: { status: 202, fields: { status: 'REFUNDED' } } },
        balanceIs(FUNDED, 'the return paid the purchase back'),
      ],
    },
    {
      name: 'card-clearing-authorization-expiry', group: 'Cards', source: 'CATALOGUE',
      title: 'Card clearing of amount 0: the authorization expires and the hold is released',
      rule: `${CLEARING}: "amount 0 simulates AUTHORIZATION_EXPIRY with no clearing"`,
      steps: [
        ...setup('000', 30_00),
        balanceIs(FUNDED - 30_00, 'the authorization holds the amount'),
        clear(0, { status: 'SETTLED', 'settledAmount.amount': 0, 'settlementSummary.count': 0 }, 'the authorization expires'),
        balanceIs(FUNDED, 'the hold was released'),
      ],
    },
    {
      name: 'card-clearing-over-authorization', group: 'Cards', source: 'CATALOGUE',
      title: 'Card clearing above the authorized amount: the difference is pulled afterwards',
      rule: `${CLEARING}: "an amount above the authorized amount exercises the over-authorization post-hoc pull path"`,
      steps: [
        ...setup('000', 20_00),
        clear(25_00, { status: 'SETTLED', 'authorizedAmount.amount': 20_00, 'settledAmount.amount': 25_00, 'pullSummary.count': 2, 'pullSummary.totalAmount': 25_00 }, 'a second pull takes the 5.00 USD difference'),
        balanceIs(FUNDED - 25_00, 'the full cleared amount was paid'),
      ],
    },
    {
      name: 'card-authorization-006-exception', group: 'Cards', source: 'CATALOGUE',
      title: 'Card purchase at a merchant ending 006: approved, but the pull is reported failed afterwards (EXCEPTION)',
      rule: `core/cards/sandbox.ts authorization table (upstream facts): 006 approves and the pull's confirmation reports FAILED; spec, Card transaction status: "EXCEPTION (settled on the network but the pull from the funding source failed)"`,
      steps: [...setup('006', 10_00).slice(0, -1), { ...setup('006', 10_00).at(-1)!, expect: { status: 202, fields: { status: 'EXCEPTION' } } }],
    },
    ...failing.map(([descriptor, id]): ScenarioDefinition => ({
      name: `card-clearing-post-hoc-pull-${id}`, group: 'Cards', source: 'CATALOGUE',
      title: `Card clearing above the authorization on a transaction whose id ends ${id}: the post-hoc pull fails (EXCEPTION)`,
      rule: `${CLEARING}: "the parent transaction id's suffix governs whether the post-hoc pull succeeds"; core/cards/sandbox.ts: a merchant ending ${descriptor} mints an id ending ${id}, whose post-hoc pull fails; Card transaction status: "EXCEPTION (settled on the network but the pull from the funding source failed)"`,
      steps: [...setup(descriptor, 10_00), clear(13_00, { status: 'EXCEPTION', 'settledAmount.amount': 13_00 }, 'the pull of the 3.00 USD difference fails')],
    })),
  ];
}

function agentFlagScenarios(): ScenarioDefinition[] {
  const policy = (mode: 'AUTO' | 'APPROVAL_REQUIRED') => ({ permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: mode, spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_00 } });
  const connect = (mode: 'AUTO' | 'APPROVAL_REQUIRED'): ScenarioStep[] => [
    ...fundedCustomer(),
    externalAccount('USD', '000'),
    { title: `Create an agent for the customer (${mode === 'AUTO' ? 'acts on its own' : 'every action needs approval'})`, request: { method: 'POST', path: '/agents', body: { name: 'Rehearsal agent {{$n}}', customerId: '{{customer}}', policy: policy(mode) } }, expect: { status: 201 }, save: { agent: 'agent.id', code: 'deviceCode.code' } },
    { title: 'The agent redeems its device code', request: { method: 'POST', path: '/agents/device-codes/{{code}}/redeem' }, expect: { status: 200 }, save: { token: 'accessToken' } },
  ];
  const agentTransfer = (amount: number) => ({ method: 'POST' as const, path: '/agents/me/transfer-out', headers: { authorization: 'Bearer {{token}}' }, body: { source: { accountId: '{{account}}' }, destination: { accountId: '{{external}}' }, amount } });
  return [
    {
      name: 'agent-paused', group: 'Agents', source: 'CATALOGUE',
      title: 'A paused agent is refused every action until it is resumed',
      rule: 'spec, Agent flags: "isPaused true blocks every action by the agent"',
      steps: [
        ...connect('AUTO'),
        { title: 'Pause the agent', request: { method: 'PATCH', path: '/agents/{{agent}}', body: { isPaused: true } }, expect: { status: 200, fields: { isPaused: true } } },
        { title: 'The paused agent\'s transfer is refused (403, rule PAUSED)', request: agentTransfer(1_00), expect: { status: 403, fields: { 'details.rule': 'PAUSED' } } },
        balanceIs(FUNDED, 'nothing moved'),
        { title: 'Resume the agent', request: { method: 'PATCH', path: '/agents/{{agent}}', body: { isPaused: false } }, expect: { status: 200, fields: { isPaused: false } } },
        { title: 'The same transfer now goes through', request: agentTransfer(1_00), expect: { status: 201 } },
      ],
    },
    {
      name: 'agent-approval-required', group: 'Agents', source: 'CATALOGUE',
      title: 'An agent action that needs approval waits, moves no money, and runs once the platform approves it',
      rule: 'spec, Agent flags: "When an agent action requires approval, the resulting transaction enters a pending state and the platform must approve it"',
      steps: [
        ...connect('APPROVAL_REQUIRED'),
        { title: 'The agent asks to send 3.00 USD: it waits for approval', request: agentTransfer(3_00), expect: { status: 201, fields: { status: 'PENDING_APPROVAL' } }, save: { action: 'id' } },
        balanceIs(FUNDED, 'a waiting action moves nothing'),
        { title: 'The platform approves the action', request: { method: 'POST', path: '/agents/{{agent}}/actions/{{action}}/approve' }, expect: { status: 200, fields: { status: 'APPROVED', 'transaction.sentAmount.amount': 3_00 } } },
        balanceIs(FUNDED - 3_00, 'the approved transfer ran'),
        { title: 'Approving it again is refused', request: { method: 'POST', path: '/agents/{{agent}}/actions/{{action}}/approve' }, expect: { status: 409, fields: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' } } },
      ],
    },
    {
      name: 'agent-quote-approval', group: 'Agents', source: 'CATALOGUE',
      title: 'An agent\'s quote that needs approval waits as a pending transaction until the platform approves it with POST /transactions/{id}/approve',
      rule: 'spec, Agent flags: "the resulting transaction enters a pending state and the platform must approve it with POST /transactions/{transactionId}/approve"; POST /agents/me/quotes',
      steps: [
        ...connect('APPROVAL_REQUIRED'),
        { ...externalAccount('EUR', '000'), save: { euroAccount: 'id' } },
        { title: 'The agent quotes 3.00 USD to the EUR bank account', request: { method: 'POST', path: '/agents/me/quotes', headers: { authorization: 'Bearer {{token}}' }, body: { source: { sourceType: 'ACCOUNT', accountId: '{{account}}' }, destination: { destinationType: 'ACCOUNT', accountId: '{{euroAccount}}' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 3_00 } }, expect: { status: 201 }, save: { quote: 'id', transaction: 'transactionId' } },
        { title: 'The agent executes it: the action waits for approval', request: { method: 'POST', path: '/agents/me/quotes/{{quote}}/execute', headers: { authorization: 'Bearer {{token}}' } }, expect: { status: 200, fields: { status: 'PENDING_APPROVAL' } } },
        { title: 'The transaction is still PENDING and no money moved', request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'PENDING' } } },
        balanceIs(FUNDED, 'a waiting quote moves nothing'),
        { title: 'The platform approves the transaction', request: { method: 'POST', path: '/transactions/{{transaction}}/approve' }, expect: { status: 200, fields: { status: 'PROCESSING' } } },
        { title: '5 s later it is COMPLETED', advanceSeconds: 5, request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'COMPLETED' } } },
        balanceIs(FUNDED - 3_00, 'the approved quote was paid'),
      ],
    },
  ];
}

/** Sandbox payment, suffix rule, card clearing and agent flag scenarios. */
export function flowScenarios(): { payments: ScenarioDefinition[]; suffixRules: ScenarioDefinition[]; cards: ScenarioDefinition[]; agents: ScenarioDefinition[] } {
  return { payments: paymentScenarios(), suffixRules: suffixRuleScenarios(), cards: clearingScenarios(), agents: agentFlagScenarios() };
}
