// KYB (POST /verifications), beneficial-owner KYC and KYC links move through their statuses on the
// workspace clock by the spec's suffix tables, each change a webhook; contact verification's codes
// and its 409 where the customer's provider does not mandate it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, enc, openWorld, type World } from '../support/money-path';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { expectInvalidField } from '../support/assertions';

let w: World;
let rx: Receiver;
beforeEach(async () => {
  w = await openWorld();
  rx = await startReceiver();
  rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
  expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
});
afterEach(async () => {
  await rx.close();
  await w.close();
});

let n = 0;
async function business(registrationNumber?: string): Promise<string> {
  const businessInfo = { legalName: `Acme ${++n} Ltd`, country: 'US', taxId: '12-3456789', incorporatedOn: '2019-05-01', ...(registrationNumber ? { registrationNumber } : {}) };
  const r = await w.api.post('/customers', { customerType: 'BUSINESS', businessInfo });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}
const owner = (customerId: string, lastName: string) =>
  w.api.post('/beneficial-owners', { customerId, personalInfo: { firstName: 'Dana', lastName, birthDate: '1980-02-03', nationality: 'US' }, roles: ['UBO'], ownershipPercentage: 60 });
const customer = async (id: string) => (await w.api.get(`/customers/${enc(id)}`)).body;
const hooks = (type: string, id: string) => rx.received.filter((r) => r.envelope.type === type && r.envelope.data?.id === id && r.verified);

describe('KYB: POST /verifications by the last 3 digits of registrationNumber', () => {
  it.each([
    ['REG-77001', 'PENDING_MANUAL_REVIEW', 'PENDING'],
    ['REG-77002', 'REJECTED', 'REJECTED'],
    ['REG-77003', 'APPROVED', 'APPROVED'],
  ])('%s: READY_FOR_VERIFICATION, IN_PROGRESS after 1 s, then %s (kybStatus %s) after 30 s', async (reg, final, kyb) => {
    const id = await business(reg);
    expect((await owner(id, 'Smith')).status).toBe(201);
    const v = await w.api.post('/verifications', { customerId: id });
    expect(v.status, v.text).toBe(200);
    expect(v.body).toMatchObject({ id: expect.stringMatching(/^Verification:/), customerId: id, type: 'KYB', status: 'READY_FOR_VERIFICATION', errors: [] });
    await advance(w, 1);
    expect((await w.api.get(`/verifications/${enc(v.body.id)}`)).body.status).toBe('IN_PROGRESS');
    expect((await customer(id)).kybStatus).toBe('PENDING');
    await advance(w, 29);
    expect((await w.api.get(`/verifications/${enc(v.body.id)}`)).body.status).toBe('IN_PROGRESS');
    await advance(w, 1);
    const done = (await w.api.get(`/verifications/${enc(v.body.id)}`)).body;
    expect(done.status).toBe(final);
    expect(done.history.map((h: { status: string }) => h.status)).toEqual(['READY_FOR_VERIFICATION', 'IN_PROGRESS', final]);
    expect((await customer(id)).kybStatus).toBe(kyb);
    await until(() => hooks(`VERIFICATION.${final}`, v.body.id).length, `VERIFICATION.${final} webhook`);
    await until(() => hooks(`CUSTOMER.KYB_${kyb}`, id).length, `CUSTOMER.KYB_${kyb} webhook`);
    const accounts = (await w.api.get(`/customers/internal-accounts?customerId=${enc(id)}`)).body.data;
    expect(accounts.every((a: { status: string }) => a.status === (kyb === 'APPROVED' ? 'ACTIVE' : 'PENDING'))).toBe(true);
  });

  it('missing registration number or owners: RESOLVE_ERRORS naming them; individuals are refused; a running one is 409', async () => {
    const id = await business();
    const v = await w.api.post('/verifications', { customerId: id });
    expect(v.body.status).toBe('RESOLVE_ERRORS');
    expect(v.body.errors.map((e: { field: string }) => e.field)).toEqual(['businessInfo.registrationNumber', 'beneficialOwners']);
    // Upstream's shape: verificationStatus, and each error names the resource, its type and the reason.
    expect(v.body.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(v.body.errors.map((e: { resourceId: string; type: string }) => [e.resourceId, e.type])).toEqual([[id, 'MISSING_FIELD'], [id, 'MISSING_BENEFICIAL_OWNER']]);
    expect(v.body.errors[0].reason).toContain('businessInfo.registrationNumber');
    await until(() => hooks('VERIFICATION.RESOLVE_ERRORS', v.body.id).length, 'RESOLVE_ERRORS webhook');
    const ind = await w.api.post('/verifications', { customerId: w.seed.alice.id });
    expect(ind.status).toBe(400);
    expect(ind.body.details.errors[0].field).toBe('customerId');
    const ok = await business('REG-1');
    await owner(ok, 'Smith');
    expect((await w.api.post('/verifications', { customerId: ok })).status).toBe(200);
    expect((await w.api.post('/verifications', { customerId: ok })).status).toBe(409);
    expect((await w.api.post('/verifications', { customerId: 'Customer:missing' })).status).toBe(404);
    const list = await w.api.get(`/verifications?customerId=${enc(ok)}`);
    expect(list.body).toMatchObject({ totalCount: 1, hasMore: false });
  });
});

describe('beneficial-owner KYC by the last 3 characters of personalInfo.lastName', () => {
  it.each([['Smith001', 'PENDING'], ['Smith002', 'REJECTED'], ['Smith', 'APPROVED']])('%s: PENDING, then %s 10 s later', async (lastName, status) => {
    const id = await business('REG-9');
    const o = await owner(id, lastName);
    expect(o.status, o.text).toBe(201);
    expect(o.body).toMatchObject({ id: expect.stringMatching(/^BeneficialOwner:/), customerId: id, kycStatus: 'PENDING', personalInfo: { lastName } });
    await advance(w, 9);
    expect((await w.api.get(`/beneficial-owners/${enc(o.body.id)}`)).body.kycStatus).toBe('PENDING');
    await advance(w, 1);
    expect((await w.api.get(`/beneficial-owners/${enc(o.body.id)}`)).body.kycStatus).toBe(status);
  });

  it('a new last name runs the KYC again; owners of individuals are refused', async () => {
    const id = await business('REG-9');
    const o = (await owner(id, 'Smith002')).body;
    await advance(w, 10);
    const p = await w.api.patch(`/beneficial-owners/${enc(o.id)}`, { personalInfo: { lastName: 'Smyth' } });
    expect(p.body.kycStatus).toBe('PENDING');
    await advance(w, 10);
    expect((await w.api.get(`/beneficial-owners/${enc(o.id)}`)).body).toMatchObject({ kycStatus: 'APPROVED', personalInfo: { firstName: 'Dana', lastName: 'Smyth' } });
    expect((await w.api.get(`/beneficial-owners?customerId=${enc(id)}`)).body.totalCount).toBe(1);
    expect((await owner(w.seed.alice.id, 'Smith')).status).toBe(400);
  });
});

describe('KYC links for individuals', () => {
  it.each([['Ana Diaz001', 'PENDING'], ['Ana Diaz002', 'REJECTED'], ['Ana Diaz', 'APPROVED']])('%s: PENDING at once, %s a minute later', async (fullName, status) => {
    const c = await w.api.post('/customers', { customerType: 'INDIVIDUAL', fullName, currencies: ['USD'] });
    const link = await w.api.post(`/customers/${enc(c.body.id)}/kyc-link`);
    expect(link.status, link.text).toBe(201);
    expect(link.body).toMatchObject({ kycUrl: expect.stringMatching(/^https:\/\//), customerId: c.body.id, expiresAt: expect.any(String) });
    expect((await customer(c.body.id)).kycStatus).toBe('PENDING');
    await until(() => hooks('CUSTOMER.KYC_PENDING', c.body.id).length, 'KYC_PENDING webhook');
    await advance(w, 60);
    expect((await customer(c.body.id)).kycStatus).toBe(status);
    if (status !== 'PENDING') await until(() => hooks(`CUSTOMER.KYC_${status}`, c.body.id).length, `KYC_${status} webhook`);
  });

  it("takes upstream's body (redirectUri, carried on kycUrl) and names the provider", async () => {
    const r = await w.api.post(`/customers/${enc(w.seed.lucia.id)}/kyc-link`, { redirectUri: 'https://app.example.com/onboarding/completed' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ provider: 'SUMSUB', kycUrl: expect.stringContaining(`redirectUri=${encodeURIComponent('https://app.example.com/onboarding/completed')}`) });
    expectInvalidField(await w.api.post(`/customers/${enc(w.seed.lucia.id)}/kyc-link`, { redirectUri: 'not a uri' }), 'redirectUri');
  });

  it('a business gets 400 (it verifies by KYB)', async () => {
    const r = await w.api.post(`/customers/${enc(await business('R'))}/kyc-link`);
    expect(r.status).toBe(400);
  });
});

describe('contact verification', () => {
  it('where the provider mandates it: 204, a wrong code 400, the sandbox code 000000 confirms', async () => {
    const id = w.seed.alice.id; // region US
    expect((await w.api.post(`/customers/${enc(id)}/verify-email/confirm`, { code: '000000' })).status).toBe(409);
    const sent = await w.api.post(`/customers/${enc(id)}/verify-email`);
    expect(sent.status, sent.text).toBe(204);
    const wrong = await w.api.post(`/customers/${enc(id)}/verify-email/confirm`, { code: '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe('code');
    const ok = await w.api.post(`/customers/${enc(id)}/verify-email/confirm`, { code: '000000' });
    expect(ok.status, ok.text).toBe(200);
    // Upstream answers the customer, with where each contact stands.
    expect(ok.body).toMatchObject({ id, email: 'alice.johnson@example.com', contactVerification: { email: 'VERIFIED', phone: 'PENDING' } });
    expect((await w.api.post(`/customers/${enc(id)}/verify-phone`)).status).toBe(204);
    expect((await w.api.post(`/customers/${enc(id)}/verify-phone/confirm`, { code: '000000' })).body).toMatchObject({ id, phoneNumber: '+14155550101', contactVerification: { email: 'VERIFIED', phone: 'VERIFIED' } });
  });

  it('a code expires after 10 minutes on the workspace clock', async () => {
    const id = w.seed.lucia.id; // region MX
    await w.api.post(`/customers/${enc(id)}/verify-phone`);
    await advance(w, 601);
    const r = await w.api.post(`/customers/${enc(id)}/verify-phone/confirm`, { code: '000000' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('expired');
  });

  it('409 where the provider does not mandate it', async () => {
    const id = w.seed.sophie.id; // region FR
    for (const path of ['verify-email', 'verify-phone']) {
      const r = await w.api.post(`/customers/${enc(id)}/${path}`);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'CONFLICT', details: { reason: 'CONTACT_VERIFICATION_NOT_REQUIRED' } });
    }
  });
});
