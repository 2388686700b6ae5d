// REALTIME_FUNDING quotes (payment instructions per funding currency) and immediatelyExecute.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pixChecksumValid } from '../../core/payments/pix';
import { accountQuote, balances, createQuote, execute, expectBooksBalanced, getQuote, getTx, openWorld, type Quote, type World } from '../support/money-path';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

/** A REALTIME_FUNDING quote to Lucía's MXN CLABE, 1,000.00 MXN locked on the receiving side. */
function realtime(source: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { source: { sourceType: 'REALTIME_FUNDING', ...source }, destination: { destinationType: 'ACCOUNT', accountId: w.seed.luciaClabe['12000'] }, lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 1_000_00, ...extra };
}

async function instruction(source: Record<string, unknown>): Promise<{ quote: Quote; info: Record<string, unknown> }> {
  const quote = await createQuote(w, realtime(source));
  expect(quote.paymentInstructions, JSON.stringify(quote)).toHaveLength(1);
  expect(quote.source).toMatchObject({ sourceType: 'REALTIME_FUNDING', currency: source['currency'] });
  return { quote, info: quote.paymentInstructions![0]!.accountOrWalletInfo };
}

describe('REALTIME_FUNDING payment instructions', () => {
  it('USD funding: USD_ACCOUNT with instant paymentRails and a reference unique to each quote', async () => {
    const a = await instruction({ currency: 'USD', customerId: w.seed.alice.id });
    const b = await instruction({ currency: 'USD', customerId: w.seed.alice.id });
    expect(a.info).toMatchObject({ accountType: 'USD_ACCOUNT', accountNumber: expect.stringMatching(/^\d+$/), routingNumber: expect.stringMatching(/^\d{9}$/), reference: expect.any(String) });
    expect((a.info['paymentRails'] as string[]).length).toBeGreaterThan(0);
    expect(a.info['paymentRails']).not.toContain('ACH');
    expect(a.info['reference']).not.toBe(b.info['reference']);
    expect(a.quote.paymentInstructions![0]!.instructionsNotes).toContain(a.info['reference']);
    // The transaction reconciles against the same reference.
    expect((await getTx(w, a.quote.transactionId)).reconciliationInstructions!.reference).toBe(a.info['reference']);
    expect((await getTx(w, a.quote.transactionId)).customerId).toBe(w.seed.alice.id);
  });

  it('BRL funding: BRL_ACCOUNT qrCode is a PIX payload whose CRC checks and which carries the quoted amount', async () => {
    const { quote, info } = await instruction({ currency: 'BRL' });
    expect(info['accountType']).toBe('BRL_ACCOUNT');
    expect((info['qrCode'] as string).length).toBeGreaterThan(0);
    expect(pixChecksumValid(info['qrCode'] as string)).toBe(true);
    expect(info['qrCode']).toContain(`54${(quote.totalSendingAmount / 100).toFixed(2).length.toString().padStart(2, '0')}${(quote.totalSendingAmount / 100).toFixed(2)}`);
  });

  it('INR funding: INR_ACCOUNT without a reference field', async () => {
    const { info } = await instruction({ currency: 'INR' });
    expect(info['accountType']).toBe('INR_ACCOUNT');
    expect(info).not.toHaveProperty('reference');
  });

  it('ARS funding: ARS_ACCOUNT accountNumber of exactly 22 decimal digits', async () => {
    const { info } = await instruction({ currency: 'ARS' });
    expect(info['accountType']).toBe('ARS_ACCOUNT');
    expect(info['accountNumber']).toMatch(/^\d{22}$/);
  });

  it('COP funding: COP_ACCOUNT with a paymentUrl', async () => {
    const { info } = await instruction({ currency: 'COP' });
    expect(info['accountType']).toBe('COP_ACCOUNT');
    expect(info['paymentUrl']).toMatch(/^https:\/\//);
  });

  it('BTC funding: SPARK_WALLET with assetType BTC, an address and an invoice', async () => {
    const { quote, info } = await instruction({ currency: 'BTC' });
    expect(quote.sendingCurrency).toMatchObject({ code: 'BTC', decimals: 8 });
    expect(info).toMatchObject({ accountType: 'SPARK_WALLET', assetType: 'BTC', address: expect.any(String), invoice: expect.any(String) });
    expect((info['address'] as string).length).toBeGreaterThan(0);
    expect((info['invoice'] as string).length).toBeGreaterThan(0);
  });

  it('stablecoin funding names its network: without cryptoNetwork 400 naming source.cryptoNetwork, with it the network wallet', async () => {
    expectInvalidField(await w.api.post('/quotes', realtime({ currency: 'USDC' })), 'source.cryptoNetwork');
    const { info, quote } = await instruction({ currency: 'USDC', cryptoNetwork: 'SOLANA' });
    expect(info).toMatchObject({ accountType: 'SOLANA_WALLET', assetType: 'USDC', address: expect.any(String) });
    expect(quote.source).toMatchObject({ cryptoNetwork: 'SOLANA' });
  });

  it('a currency without an instant payment method cannot fund just in time (400 naming source.currency)', async () => {
    for (const currency of ['CAD', 'JPY']) expectInvalidField(await w.api.post('/quotes', realtime({ currency })), 'source.currency');
    expectInvalidField(await w.api.post('/quotes', realtime({ currency: 'XYZ' })), 'source.currency');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('an internal-account source gets no paymentInstructions', async () => {
    const q = await createQuote(w, accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 100_00));
    expect(q).not.toHaveProperty('paymentInstructions');
    expect(await getTx(w, q.transactionId)).not.toHaveProperty('paymentInstructions');
  });

  it('a REALTIME_FUNDING quote is not executed through execute (400) and stays PENDING', async () => {
    const q = await createQuote(w, realtime({ currency: 'USD' }));
    const r = await execute(w, q.id);
    expect(r.status, r.text).toBe(400);
    expect((await getQuote(w, q.id)).status).toBe('PENDING');
  });
});

describe('immediatelyExecute', () => {
  it('with an internal-account source the quote is created PROCESSING and the source is debited at once (held)', async () => {
    const before = await balances(w, w.seed.aliceUsd);
    const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.luciaClabe['12000'], 'SENDING', 200_00, { immediatelyExecute: true }));
    expect(r.status, r.text).toBe(201);
    expect(r.body.status).toBe('PROCESSING');
    expect((await getTx(w, r.body.transactionId)).status).toBe('PROCESSING');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 200_00, totalBalance: before.totalBalance });
    expectError(await execute(w, r.body.id), 409, 'CONFLICT');
    await expectBooksBalanced(w);
  });

  it('with a REALTIME_FUNDING source it is 400 naming immediatelyExecute and nothing is created', async () => {
    expectInvalidField(await w.api.post('/quotes', realtime({ currency: 'USD' }, { immediatelyExecute: true })), 'immediatelyExecute');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
  });

  it('without the funds it is 400 INSUFFICIENT_FUNDS and neither a quote nor a transaction remains', async () => {
    const before = await balances(w, w.seed.luciaUsd);
    const r = await w.api.post('/quotes', accountQuote(w.seed.luciaUsd, w.seed.luciaClabe['12000'], 'SENDING', before.balance + 1, { immediatelyExecute: true }));
    expectError(r, 400, 'INSUFFICIENT_FUNDS');
    expect((await w.api.get('/transactions?limit=1')).body.totalCount).toBe(0);
    expect(await balances(w, w.seed.luciaUsd)).toEqual(before);
  });
});
