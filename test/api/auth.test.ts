import { describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { createToken, fund, individualBody, internalAccountOf, newCore, seededCustomer, startServer, storedState, type TestServer, useSeededServer } from '../support/builders';
import { expectError } from '../support/assertions';
import { basicAuth } from '../support/api-client';

let core: Core;
let srv: TestServer;
useSeededServer((c, s) => {
  core = c;
  srv = s;
});

describe('authentication', () => {
  it('refuses a request without an Authorization header with 401 UNAUTHORIZED', async () => {
    expectError(await srv.api.as(null).get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('refuses a scheme other than Basic with 401 UNAUTHORIZED', async () => {
    const { clientId, clientSecret } = core.workspace.initialCredentials!;
    expectError(await srv.api.as(`Bearer ${clientSecret}`).get('/customers'), 401, 'UNAUTHORIZED');
    expectError(await srv.api.as(`Digest ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`).get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('refuses a wrong secret with 401 UNAUTHORIZED', async () => {
    const { clientId, clientSecret } = core.workspace.initialCredentials!;
    expectError(await srv.api.as(basicAuth(clientId, `${clientSecret}x`)).get('/customers'), 401, 'UNAUTHORIZED');
    expectError(await srv.api.as(basicAuth(clientId, '')).get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('refuses an unknown client id with 401 UNAUTHORIZED', async () => {
    const { clientSecret } = core.workspace.initialCredentials!;
    expectError(await srv.api.as(basicAuth('Token:0190aaaa-0000-7000-8000-000000000000', clientSecret)).get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('refuses Basic credentials without a colon with 401 UNAUTHORIZED', async () => {
    expectError(await srv.api.as(`Basic ${Buffer.from('just-a-name').toString('base64')}`).get('/customers'), 401, 'UNAUTHORIZED');
    expectError(await srv.api.as('Basic !!!not-base64!!!').get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('refuses a deleted token with 401 UNAUTHORIZED', async () => {
    const token = await createToken(srv.api, ['VIEW']);
    expect((await srv.api.as(token.auth).get('/customers')).status).toBe(200);
    expect((await srv.api.delete(`/tokens/${token.id}`)).status).toBe(204);
    expectError(await srv.api.as(token.auth).get('/customers'), 401, 'UNAUTHORIZED');
  });

  it('authenticates the seeded client id, which contains a colon, by splitting at the last colon', async () => {
    const { clientId } = core.workspace.initialCredentials!;
    expect(clientId).toContain(':');
    const r = await srv.api.get('/customers');
    expect(r.status).toBe(200);
  });

  it('accepts fixed SVC_CLIENT_ID / SVC_CLIENT_SECRET style credentials of a seeded workspace', async () => {
    const fixedCore = newCore({ seed: { credentials: { clientId: 'svc-client-7', clientSecret: 'svc-secret-7' } } });
    const fixedSrv = await startServer(fixedCore, basicAuth('svc-client-7', 'svc-secret-7'));
    try {
      const ok = await fixedSrv.api.get('/customers');
      expect(ok.status).toBe(200);
      expect(ok.body.totalCount).toBe(3);
      expectError(await fixedSrv.api.as(basicAuth('svc-client-7', 'wrong')).get('/customers'), 401, 'UNAUTHORIZED');
    } finally {
      await fixedSrv.close();
      fixedCore.close();
    }
  });

  it('authenticates fixed credentials with colons in the client id and in the secret', async () => {
    const colonCore = newCore({ seed: { credentials: { clientId: 'svc:client-8', clientSecret: 'pass:word:8' } } });
    const colonSrv = await startServer(colonCore, basicAuth('svc:client-8', 'pass:word:8'));
    try {
      expect((await colonSrv.api.get('/customers')).status).toBe(200);
      expectError(await colonSrv.api.as(basicAuth('svc:client-8', 'pass:word')).get('/customers'), 401, 'UNAUTHORIZED');
      expectError(await colonSrv.api.as(basicAuth('svc:client-9', 'pass:word:8')).get('/customers'), 401, 'UNAUTHORIZED');
    } finally {
      await colonSrv.close();
      colonCore.close();
    }
  });
});

describe('permissions', () => {
  it('let a VIEW-only token read but refuse it POST /customers and funding with 403 FORBIDDEN', async () => {
    const viewer = srv.api.as((await createToken(srv.api, ['VIEW'])).auth);
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    const before = storedState(core);

    expect((await viewer.get('/customers')).status).toBe(200);
    expect((await viewer.get(`/customers/${alice.id}`)).status).toBe(200);
    expect((await viewer.get('/config')).status).toBe(200);
    expectError(await viewer.post('/customers', individualBody()), 403, 'FORBIDDEN');
    expectError(await fund(viewer, account.id, 100), 403, 'FORBIDDEN');
    expectError(await viewer.patch('/config', { name: 'Renamed' }), 403, 'FORBIDDEN');

    expect(storedState(core)).toEqual(before);
  });

  it('let a MANAGE token change customers but not move money or read', async () => {
    const manager = srv.api.as((await createToken(srv.api, ['MANAGE'])).auth);
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');

    expect((await manager.post('/customers', individualBody())).status).toBe(201);
    expectError(await fund(manager, account.id, 100), 403, 'FORBIDDEN');
    expectError(await manager.get('/customers'), 403, 'FORBIDDEN');
    expect((await internalAccountOf(srv.api, alice.id, 'USD')).balance.amount).toBe(account.balance.amount);
  });

  it('let a TRANSACT token move money but not change customers, tokens or config', async () => {
    const mover = srv.api.as((await createToken(srv.api, ['TRANSACT'])).auth);
    const alice = await seededCustomer(srv.api, 'cust-alice-001');
    const account = await internalAccountOf(srv.api, alice.id, 'USD');
    const customersBefore = storedState(core)['customers'];

    expect((await fund(mover, account.id, 100)).status).toBe(200);
    expectError(await mover.post('/customers', individualBody()), 403, 'FORBIDDEN');
    expectError(await mover.post('/tokens', { name: 'escalate', permissions: ['MANAGE'] }), 403, 'FORBIDDEN');
    expectError(await mover.patch('/config', { name: 'x' }), 403, 'FORBIDDEN');
    expect(storedState(core)['customers']).toBe(customersBefore);
    expect((await internalAccountOf(srv.api, alice.id, 'USD')).balance.amount).toBe(account.balance.amount + 100);
  });
});
