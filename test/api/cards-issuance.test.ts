// Cards: POST /cards with the sandbox issuance suffixes, PATCH state changes, GET /cards with filters and pages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, invoke, openWorld, type World } from '../support/money-path';
import { fundingIneligible, issuanceOutcome } from '../../core/cards/sandbox';
import { issueCard } from '../support/worlds/cards';
import { UpstreamContract } from '../contract/upstream';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const patch = (id: string, body: unknown) => w.api.patch(`/cards/${enc(id)}`, body);

describe('POST /cards', () => {
  it('issues an ACTIVE virtual card funded by the cardholder’s account, with last4 from platformCardId', async () => {
    const r = await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: 'alice-card-4242', maxSpendPerTransaction: 50_000 });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^Card:/), cardholderId: w.seed.alice.id, form: 'VIRTUAL', state: 'ACTIVE', currency: 'USD', last4: '4242',
      fundingSources: [w.seed.aliceUsd], platformCardId: 'alice-card-4242', maxSpendPerTransaction: 50_000, brand: 'VISA',
    });
    expect((await w.api.get(`/cards/${enc(r.body.id)}`)).body).toEqual(r.body);
    const events = await invoke(w, 'events/list', { resourceId: r.body.id, order: 'asc' });
    expect(events.data.map((e: { type: string }) => e.type)).toEqual(['CARD.CREATED']);
  });

  it('suffix 001 stays PROCESSING, 002 is CLOSED as ISSUER_REJECTED, 005 activates 30 s later', async () => {
    const processing = await issueCard(w, { platformCardId: 'card-x-001' });
    const rejected = await issueCard(w, { platformCardId: 'card-x-002' });
    const delayed = await issueCard(w, { platformCardId: 'card-x-005' });
    expect([processing.state, rejected.state, rejected.stateReason, delayed.state]).toEqual(['PROCESSING', 'CLOSED', 'ISSUER_REJECTED', 'PROCESSING']);
    await advance(w, 29);
    expect((await w.api.get(`/cards/${enc(delayed.id)}`)).body.state).toBe('PROCESSING');
    await advance(w, 1);
    expect((await w.api.get(`/cards/${enc(delayed.id)}`)).body.state).toBe('ACTIVE');
    expect((await w.api.get(`/cards/${enc(processing.id)}`)).body.state).toBe('PROCESSING');
    expect(issuanceOutcome('anything-000')).toBe('ACTIVE');
  });

  it('refuses a cardholder whose KYB is not approved, funding sources of someone else or in two currencies, and bad bodies', async () => {
    const business = await w.api.post('/customers', { customerType: 'BUSINESS', platformCustomerId: 'biz-cards-1', email: 'ops@biz.example', currencies: ['USD'], businessInfo: { legalName: 'Biz LLC', country: 'US', taxId: '12-3456789', incorporatedOn: '2015-06-01' } });
    const accounts = await w.api.get(`/customers/internal-accounts?customerId=${enc(business.body.id)}`);
    const bizAccount = accounts.body.data[0].id;
    expectError(await w.api.post('/cards', { cardholderId: business.body.id, form: 'VIRTUAL', fundingSources: [bizAccount] }), 400, 'CARDHOLDER_KYC_NOT_APPROVED');
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.luciaUsd] }), 'fundingSources.0');
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.lucia.id, form: 'VIRTUAL', fundingSources: [w.seed.luciaUsd, w.seed.luciaMxn] }), 'fundingSources.1');
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: ['InternalAccount:nope'] }), 'fundingSources.0');
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'PHYSICAL', fundingSources: [w.seed.aliceUsd] }), 'form');
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [] }), 'fundingSources');
    // Upstream lists only 400 for POST /cards: an unknown cardholder and a taken platformCardId are bad input naming the field.
    expectInvalidField(await w.api.post('/cards', { cardholderId: 'Customer:nope', form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd] }), 'cardholderId');
    await issueCard(w, { platformCardId: 'dup-000' });
    expectInvalidField(await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: 'dup-000' }), 'platformCardId');
    const gone = await w.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'cards-gone-1', fullName: 'Gone Holder' });
    expect(gone.status, gone.text).toBe(201);
    expect((await w.api.delete(`/customers/${enc(gone.body.id)}`)).status).toBe(200);
    const refused = await w.api.post('/cards', { cardholderId: gone.body.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd] });
    expectInvalidField(refused, 'cardholderId');
    expect(refused.body.message).toContain('deleted');
  });

  it('the funding-source table: account ids ending 002 or 003 are ineligible', () => {
    expect(['InternalAccount:x-002', 'InternalAccount:x-003', 'InternalAccount:x-000'].map(fundingIneligible)).toEqual([true, true, false]);
  });
});

describe('PATCH /cards/{id}', () => {
  it('ACTIVE and FROZEN swap, either closes, CLOSED is final; each change is one CARD.STATE_CHANGE event', async () => {
    const card = await issueCard(w);
    const frozenCard = (await patch(card.id, { state: "FROZEN" })).body;
    expect(frozenCard.state).toBe("FROZEN");
    expect(frozenCard).not.toHaveProperty("stateReason"); // upstream's reasons are for CLOSED only
    const active = (await patch(card.id, { state: 'ACTIVE' })).body;
    expect(active.state).toBe('ACTIVE');
    expect(active).not.toHaveProperty('stateReason');
    expect((await patch(card.id, { state: 'CLOSED' })).body).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM' });
    expectError(await patch(card.id, { state: 'ACTIVE' }), 409, 'CARD_ALREADY_CLOSED');
    expectError(await patch(card.id, { maxSpendPerTransaction: 10 }), 409, 'CARD_ALREADY_CLOSED');
    const frozen = await issueCard(w);
    await patch(frozen.id, { state: 'FROZEN' });
    expect((await patch(frozen.id, { state: 'CLOSED' })).body.state).toBe('CLOSED');
    const events = await invoke(w, 'events/list', { resourceId: card.id, order: 'asc' });
    expect(events.data.map((e: { type: string }) => e.type)).toEqual(['CARD.CREATED', 'CARD.STATE_CHANGE', 'CARD.STATE_CHANGE', 'CARD.STATE_CHANGE']);
  });

  it('a PROCESSING card cannot be changed; an unknown card is 404; an empty or bad patch is 400', async () => {
    const processing = await issueCard(w, { platformCardId: 'card-y-001' });
    expectError(await patch(processing.id, { state: 'FROZEN' }), 409, 'CARD_NOT_MUTABLE');
    expectError(await patch('Card:nope', { state: 'FROZEN' }), 404, 'REFERENCE_NOT_FOUND');
    const card = await issueCard(w);
    expectError(await patch(card.id, {}), 400, 'INVALID_INPUT');
    expectInvalidField(await patch(card.id, { state: 'PROCESSING' }), 'state');
    expectInvalidField(await patch(card.id, { fundingSources: [w.seed.luciaUsd] }), 'fundingSources.0');
    expect((await patch(card.id, { maxSpendPerTransaction: 700 })).body.maxSpendPerTransaction).toBe(700);
    expect((await patch(card.id, { maxSpendPerTransaction: null })).body.maxSpendPerTransaction).toBeNull();
  });
});

describe('GET /cards', () => {
  it('pages newest first with totalCount, and filters by cardholder, state, platformCardId and funding account', async () => {
    const before = (await w.api.get('/cards')).body.totalCount as number;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await issueCard(w, { platformCardId: `page-${i}-000` }));
    const luciaCard = await issueCard(w, { cardholderId: w.seed.lucia.id, fundingSources: [w.seed.luciaMxn], platformCardId: 'lucia-mx-000' });
    await patch(made[0]!.id, { state: 'FROZEN' });

    const first = await w.api.get('/cards?limit=2');
    expect(first.body).toMatchObject({ hasMore: true, totalCount: before + 6, nextCursor: expect.any(String) });
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([luciaCard.id, made[4]!.id]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await w.api.get(`/cards?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...r.body.data.map((c: { id: string }) => c.id));
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(before + 6);
    expect(new Set(seen).size).toBe(seen.length);

    expect((await w.api.get(`/cards?cardholderId=${enc(w.seed.lucia.id)}`)).body.data.map((c: { id: string }) => c.id)).toEqual([luciaCard.id]);
    expect((await w.api.get(`/cards?fundingAccountId=${enc(w.seed.luciaMxn)}`)).body.data.map((c: { id: string }) => c.id)).toEqual([luciaCard.id]);
    expect((await w.api.get('/cards?state=FROZEN')).body.data.map((c: { id: string }) => c.id)).toEqual([made[0]!.id]);
    expect((await w.api.get('/cards?platformCardId=page-3-000')).body.data.map((c: { id: string }) => c.id)).toEqual([made[3]!.id]);
    expectInvalidField(await w.api.get('/cards?state=MELTED'), 'state');
    expectInvalidField(await w.api.get('/cards?limit=0'), 'limit');
    expectError(await w.api.get('/cards/Card:nope'), 404, 'REFERENCE_NOT_FOUND');
  });
});

describe("the card in upstream's shape", () => {
  const upstream = new UpstreamContract();
  const expectUpstream = async (id: string) => {
    const r = await w.api.get(`/cards/${enc(id)}`);
    expect(upstream.errors('getCardById', 200, r.body), r.text).toEqual([]);
    return r.body;
  };

  it('always carries maxSpendPerTransaction (null without a limit), takes threeDSecurePassword on create, and keeps stateReason to its set', async () => {
    const created = await w.api.post('/cards', { cardholderId: w.seed.alice.id, form: 'VIRTUAL', fundingSources: [w.seed.aliceUsd], platformCardId: 'shape-card-000', threeDSecurePassword: 'AbCd1234EfGh5678' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.maxSpendPerTransaction).toBeNull();
    expect(created.body).not.toHaveProperty('threeDSecurePassword');
    expect(await expectUpstream(created.body.id)).toMatchObject({ state: 'ACTIVE', maxSpendPerTransaction: null, expMonth: 1, expYear: 2029 });
    expect(created.body).toMatchObject({ expirationMonth: 1, expirationYear: 2029 }); // the earlier names stay, deprecated
    await patch(created.body.id, { state: 'FROZEN', maxSpendPerTransaction: 2_000 });
    expect(await expectUpstream(created.body.id)).toMatchObject({ state: 'FROZEN', maxSpendPerTransaction: 2_000 });
    // A row an older build froze still says FROZEN_BY_PLATFORM: it never leaves.
    w.core.services.ctx.db.prepare("UPDATE cards SET state_reason = 'FROZEN_BY_PLATFORM' WHERE id = ?").run(created.body.id);
    expect(await expectUpstream(created.body.id)).not.toHaveProperty('stateReason');
    await patch(created.body.id, { state: 'CLOSED' });
    expect(await expectUpstream(created.body.id)).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM' });
    const rejected = await issueCard(w, { platformCardId: 'shape-card-002' });
    expect(await expectUpstream(rejected.id)).toMatchObject({ stateReason: 'ISSUER_REJECTED' });
    const list = await w.api.get('/cards');
    expect(upstream.errors('listCards', 200, list.body)).toEqual([]);
  });
});
