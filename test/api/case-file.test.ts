// The case file (GET /sandbox/transactions/{id}/case): one self-contained HTML page per transaction for
// support staff, made over a real workspace (SQLite file, loopback HTTP, webhooks to a real receiver).
// One workspace holds every kind: a failed payout, a returned payment, a transfer out, an incoming UMA
// payment, a partly settled card transaction and an agent's payment waiting for approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountQuote, advance, createQuote, enc, externalAccount, openWorld, type World } from '../support/money-path';
import { connectedAgent, openPolicy } from './agents-world';
import { authorize, clearing, issueCard } from '../support/worlds/cards';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { leaks, workspaceSecrets } from '../support/workspace-secrets';
import { type ApiResult } from '../support/api-client';

let w: World;
let rx: Receiver;
let agentToken = '';
const ids = { failed: '', returned: '', transfer: '', incoming: '', card: '', agent: '' };
const files: Record<string, string> = {};

/**
 * GET the case file. Raw fetch, not the contract-checking client: that client reads a route without a
 * JSON schema as an empty body, and this one answers HTML (error answers are still JSON error objects).
 */
async function caseOf(id: string, authorization = w.api.auth): Promise<ApiResult> {
  const res = await fetch(`${w.api.base}/sandbox/transactions/${enc(id)}/case`, { headers: { authorization } });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
}

/** A quote of 100.00 USD from Alice's USD balance to one of her EUR bank accounts, executed; its transaction id. */
async function pay(destination: string, key: string): Promise<string> {
  const q = await createQuote(w, accountQuote(w.seed.aliceUsd, destination, 'SENDING', 10_000), { 'Idempotency-Key': key });
  const r = await w.api.post(`/quotes/${enc(q.id)}/execute`, undefined, { headers: { 'Idempotency-Key': `${key}-execute` } });
  if (r.status !== 200) throw new Error(`execute: ${r.status} ${r.text}`);
  return q.transactionId as string;
}

/** The page's visible text, roughly: tags dropped and entities read back, so sentences can be compared. */
const textOf = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ')
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').replace(/ ([.,;:])/g, '$1');

beforeAll(async () => {
  w = await openWorld();
  rx = await startReceiver();
  rx.setPublicKey((await w.api.get('/config')).body.webhookPublicKey);
  expect((await w.api.patch('/config', { webhookEndpoint: rx.url })).status).toBe(200);
  ids.failed = await pay(await externalAccount(w, w.seed.alice.id, 'EUR', '002'), 'case-file-idem-failed');
  ids.returned = await pay(await externalAccount(w, w.seed.alice.id, 'EUR', '005'), 'case-file-idem-returned');
  const t = await w.api.post('/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: w.seed.aliceExt['000'] }, amount: 12_345 });
  ids.transfer = t.body.id;
  const inc = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$bob@sandbox.uma.example', receiverUmaAddress: w.seed.alice.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 });
  ids.incoming = inc.body.id;
  const card = await issueCard(w);
  const auth = await authorize(w, card.id, 10_000);
  expect((await clearing(w, card.id, auth.id, 4_000)).body.status).toBe('PARTIALLY_SETTLED');
  ids.card = auth.id;
  const agent = await connectedAgent(w, openPolicy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }), w.seed.alice.id, 'Travel helper');
  agentToken = agent.token;
  const q = await agent.api.post('/agents/me/quotes', accountQuote(w.seed.aliceUsd, await externalAccount(w, w.seed.alice.id, 'EUR', '000'), 'SENDING', 25_000));
  expect((await agent.api.post(`/agents/me/quotes/${enc(q.body.id)}/execute`)).body.status).toBe('PENDING_APPROVAL');
  ids.agent = q.body.transactionId;
  await advance(w, 120); // past the failure and its refund, the return (60 s) and its refund, the transfer and the incoming payment
  await until(() => rx.received.some((r) => r.envelope.data?.id === ids.returned && r.envelope.type === 'OUTGOING_PAYMENT.REFUND_COMPLETED'), 'the returned payment’s refund webhook');
  for (const [name, id] of Object.entries(ids)) {
    const r = await caseOf(id);
    expect(r.status, `${name}: ${r.text.slice(0, 300)}`).toBe(200);
    files[name] = r.text;
  }
});

afterAll(async () => {
  await rx?.close();
  await w?.close();
});

describe('the case file of a transaction', () => {
  it('is one HTML page that loads nothing: no script, link, image, frame or remote URL, and its own CSP forbids fetching', async () => {
    const r = await caseOf(ids.failed);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const html of Object.values(files)) {
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|audio|video|source)\b/i);
      expect(html).not.toMatch(/\b(src|href|srcset)\s*=/i);
      expect(html).not.toMatch(/url\(|@import/i);
      // The only URL is the SVG namespace, an identifier that is never fetched.
      for (const url of html.match(/https?:\/\/[^\s"'<)]+/g) ?? []) expect(url).toBe('http://www.w3.org/2000/svg');
      expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'');
      expect(html).toContain('@media print');
      expect(textOf(html)).toContain('Sandbox workspace — not a real payment');
    }
  });

  it('a failed payout: the story and reason as the drawer words them, amounts, the quote, a timeline with causes, ledger balances, the path and webhooks', () => {
    const text = textOf(files['failed']!);
    expect(text).toContain('Case file: Outgoing payment');
    expect(text).toContain('What happened: Execution failed. Executing the quote failed before the money was paid out.');
    expect(text).toContain('Money back: Yes: the money was refunded to Alice Johnson');
    expect(text).toContain('Where the money is now: Back in Alice Johnson’s USD balance.');
    expect(text).toMatch(/From Alice Johnson · USD balance/);
    expect(text).toMatch(/To .*•••• \d{4}/);
    expect(text).toContain('Amount sent 100.00 USD');
    expect(text).toMatch(/Quote it came from Quote:\S+ · /);
    // Each status change has its time and its cause: the platform's call, or a job of the workspace clock.
    expect(text).toMatch(/Quote created Platform \(API token\): POST \/\S*\/quotes/);
    expect(text).toMatch(/Platform \(API token\): POST \/\S*\/quotes\/\S+\/execute/);
    expect(text).toContain('A scheduled job on the workspace clock');
    expect(text).toContain('When (workspace clock)');
    // Ledger lines carry the balance before and after: Alice's balance goes down by the amount, then back up with the refund.
    expect(files['failed']).toMatch(/Balance before<\/th><th scope="col">Balance after/);
    expect(text).toMatch(/Alice Johnson · USD balance Available -100\.00 USD [\d,]+\.\d\d USD [\d,]+\.\d\d USD/);
    expect(files['failed']).toContain('data-testid="money-path-diagram"');
    expect(text).toContain('refunded 100.00 USD');
    expect(text).toMatch(/Outgoing payment: failed .*#1 delivered \(answered 200\)/);
    // The API calls section lists the quote's creation and its execution, each with its answer and caller.
    const calls = textOf(files['failed']!.slice(files['failed']!.indexOf('data-testid="case-api-calls"')));
    expect(calls).toMatch(/ POST \/\d{4}-\d{2}-\d{2}\/quotes 201 Platform \(API token\) /);
    expect(calls).toMatch(/ POST \/\d{4}-\d{2}-\d{2}\/quotes\/Quote:[0-9a-f-]{36}\/execute 200 Platform \(API token\) /);
  });

  it('a returned payment reads "Returned by the receiving bank", paid out then returned and refunded, with the way back on the path', () => {
    const text = textOf(files['returned']!);
    expect(text).toContain('What happened: Returned by the receiving bank.');
    expect(text).toContain('returned by the bank');
    expect(text).toContain('The receiving bank returned the payment');
    expect(text).toContain('Where the money is now: Back in Alice Johnson’s USD balance.');
  });

  it('a transfer out and an incoming UMA payment tell their kind, parties and outcome', () => {
    const transfer = textOf(files['transfer']!);
    expect(transfer).toContain('Case file: Transfer out to a bank account');
    expect(transfer).toContain('Amount sent 123.45 USD');
    expect(transfer).toContain('What happened: Delivered.');
    const incoming = textOf(files['incoming']!);
    expect(incoming).toContain('Case file: Incoming UMA payment');
    expect(incoming).toContain('$bob@sandbox.uma.example');
    expect(incoming).toContain('Amount received 7.00 USD');
    expect(incoming).toContain('Where the money is now: In Alice Johnson’s USD balance, ready to spend.');
  });

  it('a partly settled card transaction is reconciled as on the Cards screen: authorized, pulled, settled, refunded, and the identity adds up', () => {
    const html = files['card']!;
    const text = textOf(html);
    expect(text).toContain('Case file: Card payment');
    expect(text).toContain('CORNER COFFEE SF 000 has collected 40.00 USD of the 100.00 USD authorized on Alice Johnson\'s card');
    expect(text).toMatch(/Authorized 100\.00 USD/);
    expect(text).toMatch(/Settled \(cleared\) 40\.00 USD 1 clearing/);
    expect(html).toContain('data-adds-up="true"');
    expect(text).toContain('Cleared 40.00 USD: paid to the merchant');
    expect(text).toContain('Alice Johnson · funding account');
  });

  it("an agent's payment waiting for approval says who asked, why it waits and where the money would go", () => {
    const text = textOf(files['agent']!);
    expect(text).toContain('Case file: Outgoing payment initiated by agent Travel helper');
    expect(text).toMatch(/Waiting for approval: agent Travel helper asked for this payment on .* If the platform approves it, 250\.00 USD goes to .*•••• \d{4}.*; nothing moves until then\. Why: The policy requires approval of every action\./);
    expect(text).toContain('No money has moved: nothing was posted to the ledger.');
    expect(text).toMatch(/Agent Travel helper: POST \/\S*\/agents\/me\/quotes/);
  });

  it('holds no secret the workspace has: API and agent credentials, keys, signatures, codes, card numbers, idempotency keys', () => {
    const creds = w.core.workspace.initialCredentials!;
    const secrets = workspaceSecrets(w.core.workspace.dbPath, {
      'API client secret': creds.clientSecret, 'Authorization header': w.api.auth, 'agent access token': agentToken,
    });
    // The collector found what this workspace made: webhook signatures and key, card number and CVV, idempotency keys.
    const kinds = new Set([...secrets.values()].map((s) => s.replace(/ \(part\)$/, '')));
    for (const k of ['webhook_keys.private_key', 'webhook_attempts.signature', 'cards.pan', 'cards.cvv', 'request_log.idempotency_key', 'agent_tokens.token_hash', 'api_tokens.secret_hash']) expect(kinds).toContain(k);
    for (const [name, html] of Object.entries(files)) expect(leaks(html, secrets), name).toEqual([]);
  });

  it('puts every value in as text: a customer named with markup shows the markup as words', async () => {
    const c = await w.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'cust-case-markup', fullName: '<script>alert("x")</script> Eve & <b>Co</b>', birthDate: '1990-01-01', nationality: 'US', address: { line1: '1 Main St', city: 'Austin', postalCode: '73301', country: 'US' } });
    expect(c.status, c.text).toBe(201);
    const r = await w.api.post('/sandbox/uma/receive', { senderUmaAddress: '$mallory@sandbox.uma.example', receiverUmaAddress: c.body.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 100 });
    expect(r.status, r.text).toBeLessThan(300);
    const html = (await caseOf(r.body.id)).text;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Co');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Eve &amp; &lt;b&gt;Co&lt;/b&gt;');
  });

  it('lists every call that changed the payment but only its newest 20 reads, saying how many more reads there were', async () => {
    for (let i = 0; i < 30; i++) expect((await w.api.get(`/transactions/${enc(ids.transfer)}`)).status).toBe(200);
    const html = (await caseOf(ids.transfer)).text;
    const calls = html.slice(html.indexOf('data-testid="case-api-calls"'));
    const rows = [...calls.slice(0, calls.indexOf('</table>')).matchAll(/<tr><td[^>]*>[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
    expect(rows.filter((r) => / GET /.test(` ${r} `))).toHaveLength(20);
    expect(rows.filter((r) => / POST \/\S*transfer-out /.test(` ${r} `))).toHaveLength(1);
    const more = Number(textOf(calls).match(/…and ([\d,]+) more reads: older calls that only looked at it/)?.[1]?.replace(/,/g, ''));
    expect(more).toBeGreaterThanOrEqual(10);
  });

  it('answers 400 naming transactionId for a malformed id and 404 TRANSACTION_NOT_FOUND for an unknown one, as error objects', async () => {
    const expectError = (r: ApiResult, status: number, code: string) => {
      expect(r.status, r.text).toBe(status);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body).toMatchObject({ status, code, message: expect.any(String) });
    };
    const bad = await caseOf('Quote:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b');
    expectError(bad, 400, 'INVALID_INPUT');
    expect(bad.body.message).toContain('transactionId');
    expect(bad.body.details.errors[0].field).toBe('transactionId');
    expectError(await caseOf('not an id <script>'), 400, 'INVALID_INPUT');
    expectError(await caseOf('Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await caseOf('CardTransaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b'), 404, 'TRANSACTION_NOT_FOUND');
    expectError(await caseOf(ids.failed, 'Basic bm9wZTpub3Bl'), 401, 'UNAUTHORIZED');
  });
});
