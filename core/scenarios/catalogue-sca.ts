// Strong Customer Authentication scenarios: the sandbox SCA code rehearses, as a script, what an
// authenticator app does for a real customer (the API suites use real RFC 6238 codes).
import { SANDBOX_SCA_CODE } from '../sca/challenges';
import { externalAccount, fundedCustomer, SENT } from './steps';
import type { ScenarioDefinition } from './types';

const GROUP = 'Strong Customer Authentication';
const RULE = `upstream contract, Strong Customer Authentication: a quote of a customer with an SCA factor and its transaction are PENDING_AUTHORIZATION until POST /quotes/{quoteId}/authorize; upstream's sandbox SCA code is ${SANDBOX_SCA_CODE}`;
const sca = (path: string) => `/sca${path}?customerId={{customer}}`;

/** The SCA scenarios. */
export function scaScenarios(): ScenarioDefinition[] {
  return [{
    name: 'sca-quote-authorization', group: GROUP, source: 'CATALOGUE',
    title: `A customer with an authenticator app: their quote waits for authorization, a wrong code is refused, ${SANDBOX_SCA_CODE} authorizes it and it executes`,
    rule: RULE,
    steps: [
      ...fundedCustomer(),
      externalAccount('EUR', '000'),
      { title: 'Start enrolling an authenticator app (TOTP): the answer carries the secret and its otpauth URI', request: { method: 'POST', path: sca('/factors'), body: { type: 'TOTP' } }, expect: { status: 200, fields: { type: 'TOTP' } }, save: { secret: 'secret' } },
      { title: `Confirm the app with the sandbox code ${SANDBOX_SCA_CODE}`, request: { method: 'POST', path: sca('/factors/confirm'), body: { type: 'TOTP', secret: '{{secret}}', code: SANDBOX_SCA_CODE } }, expect: { status: 200, fields: { type: 'TOTP' } } },
      { title: 'The customer has one factor', request: { method: 'GET', path: sca('/factors') }, expect: { status: 200, fields: { 'factors.0.factor': 'TOTP', 'factors.1': null } } },
      {
        title: `Quote ${SENT / 100} USD to the EUR account: 202, PENDING_AUTHORIZATION with its challenge`,
        request: { method: 'POST', path: '/quotes', body: { source: { sourceType: 'ACCOUNT', accountId: '{{account}}' }, destination: { destinationType: 'ACCOUNT', accountId: '{{external}}' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: SENT } },
        expect: { status: 202, fields: { status: 'PENDING_AUTHORIZATION', 'scaChallenge.factor': 'TOTP' } },
        save: { quote: 'id', transaction: 'transactionId' },
      },
      { title: 'Its payment waits too, in PENDING_AUTHORIZATION', request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'PENDING_AUTHORIZATION' } } },
      { title: 'Executing before authorization is refused (409)', request: { method: 'POST', path: '/quotes/{{quote}}/execute' }, expect: { status: 409, fields: { code: 'CONFLICT', 'details.status': 'PENDING_AUTHORIZATION' } } },
      { title: 'A wrong code is refused (401)', request: { method: 'POST', path: '/quotes/{{quote}}/authorize', body: { code: '000000' } }, expect: { status: 401, fields: { code: 'UNAUTHORIZED', reason: 'Invalid SCA code' } } },
      { title: `${SANDBOX_SCA_CODE} authorizes the quote: PENDING`, request: { method: 'POST', path: '/quotes/{{quote}}/authorize', body: { code: SANDBOX_SCA_CODE } }, expect: { status: 200, fields: { status: 'PENDING', scaChallenge: null } } },
      { title: 'Its payment is PENDING now, and nothing has moved yet', request: { method: 'GET', path: '/transactions/{{transaction}}' }, expect: { status: 200, fields: { status: 'PENDING' } } },
      { title: 'Execute the quote', request: { method: 'POST', path: '/quotes/{{quote}}/execute' }, expect: { status: 200, fields: { status: 'PROCESSING' } } },
      { title: '5 s later the quote is COMPLETED', advanceSeconds: 5, request: { method: 'GET', path: '/quotes/{{quote}}' }, expect: { status: 200, fields: { status: 'COMPLETED' } } },
    ],
  }];
}
