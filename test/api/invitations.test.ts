// UMA invitations: POST /invitations, GET /invitations/{code}, claim (with the INVITATION.CLAIMED webhook) and cancel.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, invoke, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { FROZEN_MS } from '../support/api-client';
import { expectError, expectInvalidField } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const create = (body: Record<string, unknown>) => w.api.post('/invitations', body);
const claim = (code: string, inviteeUma: unknown) => w.api.post(`/invitations/${code}/claim`, { inviteeUma });
const cancel = (code: string) => w.api.post(`/invitations/${code}/cancel`);
const iso = (ms: number) => new Date(ms).toISOString();
const BOB = '$bob@sandbox.uma.example';

describe('POST /invitations and GET /invitations/{code}', () => {
  it('creates a PENDING invitation with a shareable code and url, the amount in the inviter’s currency', async () => {
    const r = await create({ inviterUma: w.seed.alice.umaAddress, firstName: 'Bob', amountToSend: 25_00, expiresAt: iso(FROZEN_MS + 86_400_000) });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      code: expect.stringMatching(/^[A-Z2-9]{8}$/), inviterUma: w.seed.alice.umaAddress, status: 'PENDING', firstName: 'Bob',
      amountToSend: { amount: 25_00, currency: { code: 'USD', decimals: 2 } }, expiresAt: iso(FROZEN_MS + 86_400_000), createdAt: expect.any(String),
    });
    expect(r.body.url).toContain(`/invitations/${r.body.code}`);
    expect(r.body).not.toHaveProperty('inviteeUma');
    const got = await w.api.get(`/invitations/${r.body.code}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  it('400 INVALID_UMA_ADDRESS for a malformed inviter or one no customer holds; 400 naming the field for a past expiry or a bad amount; nothing stored', async () => {
    expectError(await create({ inviterUma: 'alice' }), 400, 'INVALID_UMA_ADDRESS');
    expectError(await create({ inviterUma: '$nobody@demo-platform.localhost' }), 400, 'INVALID_UMA_ADDRESS');
    expectInvalidField(await create({ inviterUma: w.seed.alice.umaAddress, expiresAt: iso(FROZEN_MS - 1000) }), 'expiresAt');
    expectInvalidField(await create({ inviterUma: w.seed.alice.umaAddress, amountToSend: 1.5 }), 'amountToSend');
    expectInvalidField(await create({}), 'inviterUma');
    expect((await invoke(w, 'invitations/list', {})).totalCount).toBe(0);
  });

  it('404 INVITATION_NOT_FOUND for an unknown code on get, claim and cancel', async () => {
    expectError(await w.api.get('/invitations/NOPE1234'), 404, 'INVITATION_NOT_FOUND');
    expectError(await claim('NOPE1234', BOB), 404, 'INVITATION_NOT_FOUND');
    expectError(await cancel('NOPE1234'), 404, 'INVITATION_NOT_FOUND');
  });
});

describe('POST /invitations/{code}/claim', () => {
  let rx: Receiver;
  beforeEach(async () => {
    rx = await startReceiver();
    rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
    expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
  });
  afterEach(async () => {
    await rx.close();
  });

  it('claims it for the invitee: CLAIMED with inviteeUma and claimedAt, and the INVITATION.CLAIMED webhook carries it', async () => {
    const inv = (await create({ inviterUma: w.seed.alice.umaAddress })).body;
    await advance(w, 30);
    const r = await claim(inv.code, BOB);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ code: inv.code, status: 'CLAIMED', inviteeUma: BOB, claimedAt: iso(FROZEN_MS + 30_000) });
    const [hook] = await until(() => {
      const list = rx.received.filter((x) => x.envelope.type === 'INVITATION.CLAIMED');
      return list.length === 1 && list;
    }, 'the INVITATION.CLAIMED webhook');
    expect(hook!.envelope.data).toMatchObject({ code: inv.code, status: 'CLAIMED', inviteeUma: BOB });
  });

  it('400 INVITATION_ALREADY_CLAIMED on a second claim; 400 INVALID_UMA_ADDRESS for a malformed address or the inviter’s own; a bad body names the field', async () => {
    const inv = (await create({ inviterUma: w.seed.alice.umaAddress })).body;
    expectError(await claim(inv.code, 'bob'), 400, 'INVALID_UMA_ADDRESS');
    expectError(await claim(inv.code, w.seed.alice.umaAddress), 400, 'INVALID_UMA_ADDRESS');
    expectInvalidField(await claim(inv.code, 42), 'inviteeUma');
    expect((await w.api.get(`/invitations/${inv.code}`)).body.status).toBe('PENDING');
    expect((await claim(inv.code, BOB)).status).toBe(200);
    expectError(await claim(inv.code, '$carol@sandbox.uma.example'), 400, 'INVITATION_ALREADY_CLAIMED');
    expectError(await cancel(inv.code), 400, 'INVITATION_ALREADY_CLAIMED');
    expect((await w.api.get(`/invitations/${inv.code}`)).body.inviteeUma).toBe(BOB);
  });
});

describe('POST /invitations/{code}/cancel and expiry on the workspace clock', () => {
  it('cancels a pending invitation (again: unchanged), after which a claim is 400 INVITATION_CANCELLED', async () => {
    const inv = (await create({ inviterUma: w.seed.lucia.umaAddress })).body;
    const r = await cancel(inv.code);
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('CANCELLED');
    expect((await cancel(inv.code)).body.status).toBe('CANCELLED');
    expectError(await claim(inv.code, BOB), 400, 'INVITATION_CANCELLED');
  });

  it('expires at expiresAt when the clock passes it; a claim is then 400 EXPIRED', async () => {
    const inv = (await create({ inviterUma: w.seed.alice.umaAddress, expiresAt: iso(FROZEN_MS + 60_000) })).body;
    await advance(w, 59);
    expect((await w.api.get(`/invitations/${inv.code}`)).body.status).toBe('PENDING');
    await advance(w, 1);
    expect((await w.api.get(`/invitations/${inv.code}`)).body.status).toBe('EXPIRED');
    expectError(await claim(inv.code, BOB), 400, 'EXPIRED');
    expectError(await cancel(inv.code), 400, 'EXPIRED');
  });

  it('the console lists invitations newest first with the inviter’s name, filterable by status', async () => {
    const a = (await create({ inviterUma: w.seed.alice.umaAddress })).body;
    await advance(w, 1);
    const b = (await create({ inviterUma: w.seed.sophie.umaAddress })).body;
    await cancel(b.code);
    const all = await invoke(w, 'invitations/list', {});
    expect(all.data.map((i: { code: string }) => i.code)).toEqual([b.code, a.code]);
    expect(all.data[1]).toMatchObject({ inviterCustomerId: w.seed.alice.id, inviterName: expect.stringContaining('Alice') });
    const pending = await invoke(w, 'invitations/list', { status: 'PENDING' });
    expect(pending.data.map((i: { code: string }) => i.code)).toEqual([a.code]);
  });
});
