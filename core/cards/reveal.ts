import { createHash, randomBytes } from 'node:crypto';
import type { Ctx } from '../context';
import { ServiceError, notFound } from '../kernel/errors';
import { isoOf } from '../kernel/clock';
import { cardRepo } from './repo';
import { revealTokenRepo } from './reveal-repo';
import type { CardService } from './service';

/** How long a reveal link stays valid (upstream's example: issued 14:11, expiring 14:16). */
export const REVEAL_TTL_SECONDS = 300;

/** What a card shows when it is revealed. */
export interface CardDetails {
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
  last4: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Card reveal: the card number and CVV are shown only on a page behind a short-lived, single-use
 * link, as upstream's embed does, never in a JSON answer an integrator's logs would keep. The link's
 * token is 256 random bits, stored only as its SHA-256, valid REVEAL_TTL_SECONDS on the workspace
 * clock and spent by its first opening.
 */
export class CardReveal {
  private readonly tokens;
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly cards: CardService) {
    this.repo = cardRepo(ctx.db);
    this.tokens = revealTokenRepo(ctx.db);
  }

  /** A new reveal link's token for a card (404 REFERENCE_NOT_FOUND), with when it expires. */
  issue(cardId: string): { token: string; expiresAt: string } {
    const card = this.cards.record(cardId);
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.nowMs();
    const expires = now + REVEAL_TTL_SECONDS * 1000;
    this.ctx.transaction(() => {
      this.repo.assignNumber(card.id, card.last4); // a card issued before numbers were kept gets its own now
      // Spent and expired links are kept a day, long enough to say "used" or "expired" rather than "unknown".
      this.tokens.prune(now - 86_400_000);
      this.tokens.insert(sha256(token), card.id, now, expires);
    });
    return { token, expiresAt: isoOf(expires) };
  }

  /** Spends a link's token and answers the card's details (404 unknown, 410 used or expired). */
  open(token: string): CardDetails {
    const hash = sha256(token);
    return this.ctx.transaction(() => {
      const row = this.tokens.find(hash);
      if (!row) throw notFound('NOT_FOUND', 'This card reveal link is unknown');
      const now = this.ctx.clock.nowMs();
      if (row.used_at !== null) throw new ServiceError(410, 'REVEAL_LINK_USED', 'This card reveal link was already opened; a link shows the card once: ask for a new one (POST /cards/{id}/reveal)');
      if (now >= row.expires_at) throw new ServiceError(410, 'REVEAL_LINK_EXPIRED', `This card reveal link expired at ${isoOf(row.expires_at)}: ask for a new one (POST /cards/{id}/reveal)`);
      this.tokens.spend(hash, now);
      const card = this.cards.record(row.card_id);
      const secrets = this.repo.secrets(card.id)!;
      return { pan: secrets.pan!, cvv: secrets.cvv!, expMonth: card.expMonth, expYear: card.expYear, last4: card.last4 };
    });
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The reveal page: the card's number, expiry and CVV, styled to sit in a small iframe in light or dark. */
export function revealPage(d: CardDetails): string {
  const pan = d.pan.replace(/(\d{4})(?=\d)/g, '$1 ');
  const exp = `${String(d.expMonth).padStart(2, '0')}/${String(d.expYear % 100).padStart(2, '0')}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card ending ${esc(d.last4)}</title>
<meta name="color-scheme" content="light dark"><style>
body{margin:0;font:14px system-ui,sans-serif;background:transparent}
.card{padding:12px 16px;border-radius:10px;background:linear-gradient(135deg,#1d3b6f,#2d6cdf);color:#fff;max-width:340px}
.pan{font:600 19px ui-monospace,monospace;letter-spacing:1px;margin:8px 0}
.row{display:flex;gap:24px}.label{font-size:11px;opacity:.75;text-transform:uppercase}.value{font:600 15px ui-monospace,monospace}
</style></head><body><div class="card" data-testid="revealed-card">
<div class="label">Card number</div><div class="pan" data-testid="pan">${esc(pan)}</div>
<div class="row"><div><div class="label">Expires</div><div class="value" data-testid="exp">${esc(exp)}</div></div>
<div><div class="label">CVV</div><div class="value" data-testid="cvv">${esc(d.cvv)}</div></div></div>
</div></body></html>`;
}
