import type { Services } from './services';
import { defaultConfig } from './platform/service';
import { PERMISSIONS } from './api/types';
import { seedAgent } from './agents/seed';
import { fundingIneligible } from './cards/sandbox';

/** Credentials of the token a new workspace is seeded with (the secret exists in memory only). */
export interface SeedCredentials {
  clientId: string;
  clientSecret: string;
}

/** Options for seeding a new workspace. */
export interface SeedOptions {
  platformName?: string;
  /** Fixed credentials for the seeded token (from SVC_CLIENT_ID / SVC_CLIENT_SECRET). */
  credentials?: { clientId: string; clientSecret: string } | undefined;
  /**
   * Seed a few card transactions on Alice's card (default true). The API and core suites turn it off so
   * the balances and counts they assert are those of the reference customers, untouched by demo spending.
   */
  cardActivity?: boolean;
}

const BENEFICIARY = (fullName: string) => ({ beneficiaryType: 'INDIVIDUAL' as const, fullName });

/**
 * Seeds a new workspace: a demo platform with its token, platform accounts, three customers in
 * different currencies with funded internal accounts, and external accounts whose identifiers end
 * in the spec's sandbox suffixes (000 succeeds, 002 fails, 003 is delayed, 005 is returned), so a
 * newcomer sees real data and can rehearse outcomes at once.
 */
export function seedWorkspace(s: Services, options: SeedOptions = {}): SeedCredentials {
  const config = s.platform.init(defaultConfig(options.platformName ?? 'Demo Platform'));
  const fixed = options.credentials ? { id: options.credentials.clientId, secret: options.credentials.clientSecret } : undefined;
  const token = s.tokens.create('Workspace token', [...PERMISSIONS], fixed);

  const platformAccounts = s.internal.provision(null, config.supportedCurrencies.slice(0, 4).map((c) => c.currencyCode), 'ACTIVE');
  const platformUsd = platformAccounts.find((a) => a.balance.currency.code === 'USD');
  if (platformUsd) s.internal.fund(platformUsd.id, 2_500_000_00);
  s.external.create({ currency: 'USD', ownershipType: 'FIRST_PARTY', platformAccountId: 'treasury-operating', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '400012345000', routingNumber: '021000021', bankName: 'Sandbox Bank N.A.', beneficiary: { beneficiaryType: 'BUSINESS', legalName: config.name } } }, 'PLATFORM');

  // Why: account ids are random, and 1 in 2,048 ends in a suffix the card sandbox refuses as a funding
  // source (002/003): the seeded customers' accounts are drawn again, so no workspace starts broken by chance.
  const customer = (input: Parameters<Services['customers']['create']>[0]) => s.internal.withIdsAvoiding(fundingIneligible, () => s.customers.create(input));
  const alice = customer({ customerType: 'INDIVIDUAL', platformCustomerId: 'cust-alice-001', fullName: 'Alice Johnson', email: 'alice.johnson@example.com', phoneNumber: '+14155550101', region: 'US', birthDate: '1988-04-12', nationality: 'US', currencies: ['USD'], address: { line1: '500 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' } });
  const lucia = customer({ customerType: 'INDIVIDUAL', platformCustomerId: 'cust-lucia-002', fullName: 'Lucía Hernández', email: 'lucia.hernandez@example.com', phoneNumber: '+525555550102', region: 'MX', birthDate: '1992-09-30', nationality: 'MX', currencies: ['MXN', 'USD'] });
  const sophie = customer({ customerType: 'INDIVIDUAL', platformCustomerId: 'cust-sophie-003', fullName: 'Sophie Martin', email: 'sophie.martin@example.com', phoneNumber: '+33155550103', region: 'FR', birthDate: '1985-01-22', nationality: 'FR', currencies: ['EUR'] });

  const accountsOf = (customerId: string) => s.internal.list({ owner: 'CUSTOMERS', customerId, limit: 100 }).data;
  const fundings: [string, string, number][] = [[alice.id, 'USD', 1_250_000], [lucia.id, 'MXN', 8_500_000], [lucia.id, 'USD', 150_000], [sophie.id, 'EUR', 640_000]];
  for (const [customerId, code, amount] of fundings) {
    const account = accountsOf(customerId).find((a) => a.balance.currency.code === code);
    if (account) s.internal.fund(account.id, amount);
  }

  const usd = (customerId: string, accountNumber: string, name: string) =>
    s.external.create({ customerId, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber, routingNumber: '021000021', bankName: 'Sandbox Bank N.A.', beneficiary: BENEFICIARY(name) } }, 'CUSTOMER');
  const alicePayee = usd(alice.id, '100000001000', 'Alice Johnson');
  usd(alice.id, '100000001002', 'Alice Johnson');
  usd(alice.id, '100000001005', 'Alice Johnson');
  const clabe = (suffix: string) => `0021800000000${suffix.padStart(5, '0')}`;
  s.external.create({ customerId: lucia.id, currency: 'MXN', accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: clabe('12000'), bankName: 'Banco Sandbox', beneficiary: BENEFICIARY('Lucía Hernández') } }, 'CUSTOMER');
  s.external.create({ customerId: lucia.id, currency: 'MXN', accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: clabe('12003'), bankName: 'Banco Sandbox', beneficiary: BENEFICIARY('Lucía Hernández') } }, 'CUSTOMER');
  s.external.create({ customerId: sophie.id, currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'FR7630006000011234567890000', beneficiary: { ...BENEFICIARY('Sophie Martin'), countryOfResidence: 'FR' } } }, 'CUSTOMER');
  s.external.create({ customerId: sophie.id, currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'FR7630006000011234567890004', beneficiary: { ...BENEFICIARY('Sophie Martin'), countryOfResidence: 'FR' } } }, 'CUSTOMER');

  const aliceUsd = accountsOf(alice.id).find((a) => a.balance.currency.code === 'USD');
  if (aliceUsd) seedAgent(s.agents, s.agentActions, alice.id, aliceUsd.id, alicePayee.id);

  // A virtual card for Alice on her USD account, so the Cards screen has a card on first launch.
  const aliceCardAccount = accountsOf(alice.id).find((a) => a.balance.currency.code === 'USD');
  if (aliceCardAccount) {
    const card = s.cards.create({ cardholderId: alice.id, form: 'VIRTUAL', fundingSources: [aliceCardAccount.id], platformCardId: 'card-alice-4242' }, { sandboxSuffixes: false });
    if (options.cardActivity !== false) seedCardTransactions(s, card.id);
  }

  return { clientId: token.clientId, clientSecret: token.clientSecret };
}

/**
 * A few card transactions in the states support staff meet (settled, partly settled, refunded), so the
 * Cards screen and the transactions explorer show cards on first launch.
 */
function seedCardTransactions(s: Services, cardId: string): void {
  const usd = { code: 'USD' };
  const coffee = s.cardSimulator.authorize(cardId, { amount: 1_250, currency: usd, merchant: { descriptor: 'BLUE BOTTLE COFFEE SF 000', mcc: '5814', country: 'US' } });
  s.cardSimulator.clear(cardId, { cardTransactionId: coffee.id, amount: 1_250 });
  const hotel = s.cardSimulator.authorize(cardId, { amount: 32_000, currency: usd, merchant: { descriptor: 'HARBOR HOTEL BOSTON 000', mcc: '7011', country: 'US' } });
  s.cardSimulator.clear(cardId, { cardTransactionId: hotel.id, amount: 18_000 });
  const shoes = s.cardSimulator.authorize(cardId, { amount: 8_999, currency: usd, merchant: { descriptor: 'RUNNERS SHOP ONLINE 000', mcc: '5661', country: 'US' } });
  s.cardSimulator.clear(cardId, { cardTransactionId: shoes.id, amount: 8_999 });
  s.cardSimulator.refund(cardId, { cardTransactionId: shoes.id, amount: 8_999 });
}
