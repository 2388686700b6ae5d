// Quotes to UMA addresses (lookupId, payer data) and lookups named by account quotes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountQuote, advance, balances, createQuote, enc, execute, expectBooksBalanced, externalAccount, getQuote, getTx, openWorld, SANDBOX_UMA, umaLookup, type World } from '../support/money-path';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const PAYER = { FULL_NAME: 'Alice Johnson', BIRTH_DATE: '1988-04-12' };
const addr = (local: string) => `$${local}@${SANDBOX_UMA}`;

function umaQuote(umaAddress: string, lookupId: string | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: { sourceType: 'ACCOUNT', accountId: w.seed.aliceUsd }, destination: { destinationType: 'UMA_ADDRESS', umaAddress },
    lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 150_00, senderCustomerInfo: PAYER, ...(lookupId ? { lookupId } : {}), ...extra,
  };
}

const txCount = async () => (await w.api.get('/transactions?limit=1')).body.totalCount as number;

describe('UMA quotes: request rules', () => {
  it('without lookupId is 400 naming lookupId', async () => {
    expectInvalidField(await w.api.post('/quotes', umaQuote(addr('success.mxn'), undefined)), 'lookupId');
    expect(await txCount()).toBe(0);
  });

  it('missing a mandatory payer field is 400 naming senderCustomerInfo.FULL_NAME or senderCustomerInfo.BIRTH_DATE', async () => {
    const { lookupId } = await umaLookup(w, addr('success.mxn'));
    expectInvalidField(await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId, { senderCustomerInfo: { BIRTH_DATE: '1988-04-12' } })), 'senderCustomerInfo.FULL_NAME');
    expectInvalidField(await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId, { senderCustomerInfo: { FULL_NAME: 'Alice Johnson' } })), 'senderCustomerInfo.BIRTH_DATE');
    const none = await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId, { senderCustomerInfo: undefined }));
    expectError(none, 400, 'INVALID_INPUT');
    expect(none.body.details.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['senderCustomerInfo.FULL_NAME', 'senderCustomerInfo.BIRTH_DATE']));
    // NATIONALITY is listed but optional.
    expect((await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId))).status).toBe(201);
  });

  it('a lookupId issued for a different address is 400 naming lookupId', async () => {
    const { lookupId } = await umaLookup(w, addr('success.eur'));
    expectInvalidField(await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId)), 'lookupId');
    const ext = (await w.api.get(`/receiver/external-account/${enc(w.seed.sophieIban['0000'])}`)).body.lookupId;
    expectInvalidField(await w.api.post('/quotes', umaQuote(addr('success.mxn'), ext)), 'lookupId');
    expect(await txCount()).toBe(0);
  });

  it('an unknown or expired lookupId is 404 LOOKUP_REQUEST_NOT_FOUND', async () => {
    expectError(await w.api.post('/quotes', umaQuote(addr('success.mxn'), 'Lookup:019b76da-a800-7000-8000-000000000000')), 404, 'LOOKUP_REQUEST_NOT_FOUND');
    const { lookupId } = await umaLookup(w, addr('success.mxn'));
    await advance(w, 3_600);
    expectError(await w.api.post('/quotes', umaQuote(addr('success.mxn'), lookupId)), 404, 'LOOKUP_REQUEST_NOT_FOUND');
  });

  it('a destination currency the receiver does not accept is 400 naming destination.currency', async () => {
    const { lookupId } = await umaLookup(w, addr('success.mxn'));
    const body = umaQuote(addr('success.mxn'), lookupId);
    body['destination'] = { destinationType: 'UMA_ADDRESS', umaAddress: addr('success.mxn'), currency: 'EUR' };
    expectInvalidField(await w.api.post('/quotes', body), 'destination.currency');
  });
});

describe('UMA quotes: outcomes', () => {
  it('$success.mxn: quoted in MXN with the payer data as counterpartyInformation, COMPLETED 5 s after execute', async () => {
    const { lookupId } = await umaLookup(w, addr('success.mxn'));
    const before = await balances(w, w.seed.aliceUsd);
    const q = await createQuote(w, umaQuote(addr('success.mxn'), lookupId));
    expect(q).toMatchObject({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: addr('success.mxn'), currency: 'MXN' }, receivingCurrency: { code: 'MXN' }, counterpartyInformation: PAYER });
    expect(await getTx(w, q.transactionId)).toMatchObject({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: addr('success.mxn') }, counterpartyInformation: PAYER });
    expect((await execute(w, q.id)).status).toBe(200);
    await advance(w, 5);
    expect((await getQuote(w, q.id)).status).toBe('COMPLETED');
    expect((await getTx(w, q.transactionId)).status).toBe('COMPLETED');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 150_00, totalBalance: before.totalBalance - 150_00 });
    await expectBooksBalanced(w);
  });

  it('$fail.compliance.usd: FAILED with COMPLIANCE_REJECTED and the source refunded', async () => {
    const { lookupId } = await umaLookup(w, addr('fail.compliance.usd'));
    const before = await balances(w, w.seed.aliceUsd);
    const q = await createQuote(w, umaQuote(addr('fail.compliance.usd'), lookupId));
    expect((await execute(w, q.id)).status).toBe(200);
    await advance(w, 5);
    expect(await getTx(w, q.transactionId)).toMatchObject({ status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED', refund: { status: 'PENDING' } });
    expect((await getQuote(w, q.id)).status).toBe('FAILED');
    await advance(w, 10);
    expect((await getTx(w, q.transactionId)).refund).toMatchObject({ status: 'COMPLETED', reason: 'TRANSACTION_FAILED' });
    expect(await balances(w, w.seed.aliceUsd)).toEqual(before);
    await expectBooksBalanced(w);
  });

  it('$pending.long.usd: still PROCESSING (money held) after a day, COMPLETED after 3 days', async () => {
    const { lookupId } = await umaLookup(w, addr('pending.long.usd'));
    const before = await balances(w, w.seed.aliceUsd);
    const q = await createQuote(w, umaQuote(addr('pending.long.usd'), lookupId));
    expect((await execute(w, q.id)).status).toBe(200);
    await advance(w, 86_400);
    expect((await getQuote(w, q.id)).status).toBe('PROCESSING');
    expect((await getTx(w, q.transactionId)).status).toBe('PROCESSING');
    expect(await balances(w, w.seed.aliceUsd)).toEqual({ balance: before.balance - 150_00, totalBalance: before.totalBalance });
    await advance(w, 2 * 86_400);
    expect((await getTx(w, q.transactionId)).status).toBe('COMPLETED');
    await expectBooksBalanced(w);
  });
});

describe('lookups named by ACCOUNT-destination quotes', () => {
  it('a lookupId issued for a different external account is 400 naming lookupId', async () => {
    const other = (await w.api.get(`/receiver/external-account/${enc(w.seed.sophieIban['0004'])}`)).body.lookupId;
    const r = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, w.seed.sophieIban['0000'], 'SENDING', 100_00, { lookupId: other, senderCustomerInfo: { FULL_NAME: 'Alice Johnson' } }));
    expectInvalidField(r, 'lookupId');
  });

  it("the mandatory payer fields of the named external-account lookup must be supplied (senderCustomerInfo.FULL_NAME)", async () => {
    const ext = await externalAccount(w, w.seed.sophie.id, 'EUR', '010');
    const { lookupId, requiredPayerDataFields } = (await w.api.get(`/receiver/external-account/${enc(ext)}`)).body;
    expect(requiredPayerDataFields).toContainEqual({ name: 'FULL_NAME', mandatory: true });
    expectInvalidField(await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, ext, 'SENDING', 100_00, { lookupId })), 'senderCustomerInfo.FULL_NAME');
    const ok = await w.api.post('/quotes', accountQuote(w.seed.aliceUsd, ext, 'SENDING', 100_00, { lookupId, senderCustomerInfo: { FULL_NAME: 'Alice Johnson' } }));
    expect(ok.status, ok.text).toBe(201);
  });
});
