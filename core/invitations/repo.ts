import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { currencyAmount } from '../kernel/money';
import { selectPage, type Page } from '../kernel/pagination';
import type { Invitation, InvitationStatus } from './schema';

/** An invitation row as stored. */
interface InvitationRow {
  code: string; inviter_customer_id: string; inviter_uma: string; invitee_uma: string | null; first_name: string | null;
  amount: number | null; currency: string | null; url: string; status: InvitationStatus;
  expires_at: number | null; claimed_at: number | null; created_at: number; updated_at: number;
}

/** An invitation with the customer who made it (the customer id is not part of the upstream resource). */
export interface InvitationRecord {
  invitation: Invitation;
  inviterCustomerId: string;
}

/** A new invitation to store. */
export interface NewInvitation {
  code: string; inviterCustomerId: string; inviterUma: string; firstName: string | null;
  amount: number | null; currency: string | null; url: string; expiresAt: number | null; atMs: number;
}

function fromRow(r: InvitationRow): Invitation {
  return {
    code: r.code, createdAt: isoOf(r.created_at), inviterUma: r.inviter_uma, status: r.status, url: r.url,
    ...(r.claimed_at !== null ? { claimedAt: isoOf(r.claimed_at) } : {}),
    ...(r.expires_at !== null ? { expiresAt: isoOf(r.expires_at) } : {}),
    ...(r.invitee_uma ? { inviteeUma: r.invitee_uma } : {}),
    ...(r.first_name ? { firstName: r.first_name } : {}),
    ...(r.amount !== null && r.currency ? { amountToSend: currencyAmount(r.amount, r.currency) } : {}),
  };
}

/** The SQL of invitations, prepared once over a workspace's database. */
export function invitationRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO invitations (code, inviter_customer_id, inviter_uma, first_name, amount, currency, url, status, expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
  );
  const byCode = db.prepare<[string], InvitationRow>('SELECT * FROM invitations WHERE code = ?');
  const setStatus = db.prepare('UPDATE invitations SET status = ?, updated_at = ? WHERE code = ?');
  const claim = db.prepare("UPDATE invitations SET status = 'CLAIMED', invitee_uma = ?, claimed_at = ?, updated_at = ? WHERE code = ?");
  return {
    /** Stores a new PENDING invitation and returns it. */
    insert(n: NewInvitation): Invitation {
      insert.run(n.code, n.inviterCustomerId, n.inviterUma, n.firstName, n.amount, n.currency, n.url, n.expiresAt, n.atMs, n.atMs);
      return fromRow(byCode.get(n.code)!);
    },
    /** One invitation by its code, with its inviter. */
    find(code: string): InvitationRecord | undefined {
      const r = byCode.get(code);
      return r && { invitation: fromRow(r), inviterCustomerId: r.inviter_customer_id };
    },
    /** Changes the status; returns the invitation as it now stands. */
    setStatus(code: string, status: InvitationStatus, atMs: number): Invitation {
      setStatus.run(status, atMs, code);
      return fromRow(byCode.get(code)!);
    },
    /** Marks the invitation claimed by `inviteeUma`; returns it as it now stands. */
    claim(code: string, inviteeUma: string, atMs: number): Invitation {
      claim.run(inviteeUma, atMs, atMs, code);
      return fromRow(byCode.get(code)!);
    },
    /** Invitations, newest first, optionally of one status or one inviting customer. */
    list(f: { status?: InvitationStatus | undefined; customerId?: string | undefined; limit: number; cursor?: string | undefined }): Page<Invitation> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.status) { where.push('status = ?'); params.push(f.status); }
      if (f.customerId) { where.push('inviter_customer_id = ?'); params.push(f.customerId); }
      return selectPage<InvitationRow, Invitation>(db, {
        select: 'SELECT * FROM invitations', from: 'FROM invitations', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'code',
        map: fromRow, position: (r) => ({ k: r.created_at, id: r.code }),
      });
    },
  };
}
