// POST /cards/{id}/reveal over real HTTP: upstream's {panEmbedUrl, expiresAt}, the single-use page it opens
// with a real Luhn-valid number, expiry on the workspace clock, the MANAGE permission, and a request log
// that keeps neither the link's token nor the card's number or CVV.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { luhnValid } from '../../core/cards/card-number';
import { advance, enc, invoke } from '../support/money-path';
import { UpstreamContract } from '../contract/upstream';
import { type Card, type CardWorld, openCardWorld } from '../support/worlds/cards';
import { FROZEN_MS } from '../support/api-client';
import { expectError } from '../support/assertions';

const upstream = new UpstreamContract();

let w: CardWorld;
let card: Card;
beforeEach(async () => {
  w = await openCardWorld();
  card = w.card;
});
afterEach(async () => {
  await w.close();
});

async function reveal(cardId = card.id) {
  const r = await w.api.post(`/cards/${enc(cardId)}/reveal`);
  expect(r.status, r.text).toBe(200);
  return r.body as { panEmbedUrl: string; expiresAt: string };
}

/** Opens a reveal page with no credentials, as an iframe would; the details are read from its data-testid elements. */
async function open(url: string) {
  const res = await fetch(url);
  const html = await res.text();
  const field = (id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];
  return { res, html, pan: field('pan')?.replace(/\s/g, ''), exp: field('exp'), cvv: field('cvv') };
}

async function tokenWith(permissions: string[]) {
  const t = await w.api.post('/tokens', { name: permissions.join('-').toLowerCase(), permissions });
  expect(t.status, t.text).toBe(201);
  return w.api.as(`Basic ${Buffer.from(`${t.body.clientId}:${t.body.clientSecret}`).toString('base64')}`);
}

describe('POST /cards/{id}/reveal', () => {
  it("answers upstream's shape: a link on this server, valid 5 minutes on the workspace clock", async () => {
    const body = await reveal();
    expect(upstream.errors('revealCard', 200, body)).toEqual([]);
    expect(upstream.errors('revealCard', 200, { panEmbedUrl: 'not a url', expiresAt: body.expiresAt }).length).toBeGreaterThan(0); // the check can fail
    expect(body.panEmbedUrl).toMatch(new RegExp(`^${w.api.base}/card-reveals/[A-Za-z0-9_-]{43}$`));
    expect(body.expiresAt).toBe(new Date(FROZEN_MS + 300_000).toISOString());
  });

  it("the link opens once, without credentials, a page with a Luhn-valid Visa number ending in last4, the card's expiry and a CVV", async () => {
    const first = await open((await reveal()).panEmbedUrl);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.res.headers.get('cache-control')).toBe('no-store');
    expect(first.res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(first.pan).toMatch(/^4\d{15}$/);
    expect(first.pan!.endsWith(card.last4)).toBe(true);
    expect(luhnValid(first.pan!)).toBe(true);
    expect(first.exp).toBe(`${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100)}`);
    expect(first.cvv).toMatch(/^\d{3}$/);

    const link = (await reveal()).panEmbedUrl;
    const again = await open(link);
    expect([again.pan, again.cvv]).toEqual([first.pan, first.cvv]); // a card keeps its number
    const spent = await fetch(link);
    expect(spent.status).toBe(410);
    expect(await spent.json()).toMatchObject({ status: 410, code: 'REVEAL_LINK_USED' });
    const unknown = await fetch(`${w.api.base}/card-reveals/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
  });

  it('a link not opened within 5 minutes of the workspace clock has expired (410)', async () => {
    const early = await reveal();
    const late = await reveal();
    await advance(w, 299);
    expect((await open(early.panEmbedUrl)).res.status).toBe(200);
    await advance(w, 1);
    const expired = await fetch(late.panEmbedUrl);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ code: 'REVEAL_LINK_EXPIRED' });
  });

  it('needs the MANAGE permission: VIEW or TRANSACT tokens get 403, no credentials 401, an unknown card 404; none makes a link', async () => {
    expectError(await (await tokenWith(['VIEW'])).post(`/cards/${enc(card.id)}/reveal`), 403, 'FORBIDDEN');
    expectError(await (await tokenWith(['VIEW', 'TRANSACT'])).post(`/cards/${enc(card.id)}/reveal`), 403, 'FORBIDDEN');
    expectError(await w.api.as('').post(`/cards/${enc(card.id)}/reveal`), 401, 'UNAUTHORIZED');
    expectError(await w.api.post('/cards/Card:nope/reveal'), 404, 'REFERENCE_NOT_FOUND');
    const manager = await tokenWith(['MANAGE']);
    const r = await manager.post(`/cards/${enc(card.id)}/reveal`);
    expect(r.status, r.text).toBe(200);
    expect(w.core.services.ctx.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM card_reveal_tokens').get()!.n).toBe(1);
  });

  it('a reveal replayed by its Idempotency-Key shows the link redacted: the stored replay never keeps the token', async () => {
    const send = () => fetch(`${w.api.base}/cards/${enc(card.id)}/reveal`, { method: 'POST', headers: { authorization: w.api.auth, 'Idempotency-Key': 'reveal-once' } });
    const first = await send();
    const { panEmbedUrl } = await first.json();
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toMatchObject({ panEmbedUrl: '[redacted]' });
    expect((await open(panEmbedUrl)).res.status).toBe(200); // the first answer's link still opens, once
  });

  it("the request log keeps neither the link's token nor the card's number or CVV, and stores the token only hashed", async () => {
    const { panEmbedUrl } = await reveal();
    const token = panEmbedUrl.split('/').pop()!;
    const page = await open(panEmbedUrl);
    const all = (await invoke(w, 'requestLog/list', { limit: 200 })).data as { id: string; path: string }[];
    const details = JSON.stringify(await Promise.all(all.map((e) => invoke(w, 'requestLog/get', { id: e.id }))));
    expect(details).toContain('/card-reveals/[redacted]');
    expect(details).toContain('(card details page: not logged)');
    for (const secret of [token, page.pan!, page.pan!.replace(/(\d{4})(?=\d)/g, '$1 '), `>${page.cvv}<`]) expect(details).not.toContain(secret);
    expect(JSON.stringify(w.core.services.ctx.db.prepare('SELECT * FROM card_reveal_tokens').all())).not.toContain(token);
  });
});
