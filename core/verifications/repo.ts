import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { VerificationStatus } from '../customers/schema';
import type { BeneficialOwner, Verification, VerificationStep } from './schema';

interface VerificationRow {
  id: string; customer_id: string; kind: 'KYB' | 'KYC'; status: VerificationStep; errors: string; history: string; created_at: number; updated_at: number;
}
interface OwnerRow { id: string; customer_id: string; data: string; kyc_status: VerificationStatus; created_at: number; updated_at: number }

/** An error as stored: rows written before upstream's shape hold only field and message. */
type StoredError = { field: string; message: string } & Partial<Verification['errors'][number]>;

/** Upstream's VerificationError (resourceId, type, reason) for a stored one, whatever its age. */
function errorOf(customerId: string, e: StoredError): Verification['errors'][number] {
  return {
    resourceId: e.resourceId ?? customerId,
    type: e.type ?? (e.field === 'beneficialOwners' ? 'MISSING_BENEFICIAL_OWNER' : 'MISSING_FIELD'),
    field: e.field, reason: e.reason ?? e.message, message: e.message,
  };
}

function verificationFromRow(r: VerificationRow): Verification {
  return {
    id: r.id, customerId: r.customer_id, type: r.kind, verificationStatus: r.status, status: r.status,
    errors: (JSON.parse(r.errors) as StoredError[]).map((e) => errorOf(r.customer_id, e)),
    history: (JSON.parse(r.history) as { status: VerificationStep; at: number }[]).map((h) => ({ status: h.status, at: isoOf(h.at) })),
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
}

function ownerFromRow(r: OwnerRow): BeneficialOwner {
  const data = JSON.parse(r.data) as Pick<BeneficialOwner, 'personalInfo' | 'roles' | 'ownershipPercentage'>;
  return { id: r.id, customerId: r.customer_id, ...data, kycStatus: r.kyc_status, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at) };
}

/** The SQL of verifications, beneficial owners, KYC links and contact codes. */
export function verificationRepo(db: Db) {
  const insertV = db.prepare('INSERT INTO verifications (id, customer_id, kind, status, errors, history, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const findV = db.prepare<[string], VerificationRow>('SELECT * FROM verifications WHERE id = ?');
  const setV = db.prepare('UPDATE verifications SET status = ?, history = ?, updated_at = ? WHERE id = ?');
  const openV = db.prepare<[string], { id: string }>("SELECT id FROM verifications WHERE customer_id = ? AND status IN ('READY_FOR_VERIFICATION', 'IN_PROGRESS') ORDER BY created_at DESC LIMIT 1");
  const insertO = db.prepare('INSERT INTO beneficial_owners (id, customer_id, data, kyc_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const findO = db.prepare<[string], OwnerRow>('SELECT * FROM beneficial_owners WHERE id = ?');
  const saveO = db.prepare('UPDATE beneficial_owners SET data = ?, kyc_status = ?, updated_at = ? WHERE id = ?');
  const countO = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM beneficial_owners WHERE customer_id = ?');
  const insertLink = db.prepare('INSERT INTO kyc_links (id, customer_id, url, outcome, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const insertCode = db.prepare('INSERT INTO contact_verifications (id, customer_id, channel, contact, code_hash, sent_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const lastCode = db.prepare<[string, string], { id: string; contact: string; code_hash: string; expires_at: number; attempts: number; verified_at: number | null }>(
    'SELECT id, contact, code_hash, expires_at, attempts, verified_at FROM contact_verifications WHERE customer_id = ? AND channel = ? ORDER BY sent_at DESC, id DESC LIMIT 1',
  );
  const verified = db.prepare<[string], { channel: 'EMAIL' | 'PHONE'; contact: string; verified_at: number }>(
    'SELECT channel, contact, verified_at FROM contact_verifications WHERE customer_id = ? AND verified_at IS NOT NULL ORDER BY verified_at',
  );
  const bumpAttempts = db.prepare('UPDATE contact_verifications SET attempts = attempts + 1 WHERE id = ?');
  const markVerified = db.prepare('UPDATE contact_verifications SET verified_at = ? WHERE id = ?');

  return {
    /** Stores a new verification. */
    insertVerification(v: Verification, atMs: number): void {
      insertV.run(v.id, v.customerId, v.type, v.status, JSON.stringify(v.errors), JSON.stringify([{ status: v.status, at: atMs }]), atMs, atMs);
    },
    /** One verification. */
    verification(id: string): Verification | undefined {
      const r = findV.get(id);
      return r && verificationFromRow(r);
    },
    /** Moves a verification to a status, appending it to its history. */
    setVerificationStatus(id: string, status: VerificationStep, atMs: number): Verification {
      const r = findV.get(id)!;
      const history = [...(JSON.parse(r.history) as unknown[]), { status, at: atMs }];
      setV.run(status, JSON.stringify(history), atMs, id);
      return verificationFromRow(findV.get(id)!);
    },
    /** The customer's verification still running, if any. */
    openVerificationOf(customerId: string): string | undefined {
      return openV.get(customerId)?.id;
    },
    /** A filtered page of verifications, newest first. */
    listVerifications(f: { customerId?: string | undefined; status?: string | undefined; limit: number; cursor?: string | undefined }): Page<Verification> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
      if (f.status) (where.push('status = ?'), params.push(f.status));
      return selectPage<VerificationRow, Verification>(db, {
        select: 'SELECT * FROM verifications', from: 'FROM verifications', where, params, limit: f.limit, cursor: f.cursor, order: 'desc',
        keyColumn: 'created_at', idColumn: 'id', map: verificationFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** Stores a beneficial owner. */
    insertOwner(o: BeneficialOwner, atMs: number): void {
      const { id, customerId, kycStatus, createdAt: _c, updatedAt: _u, ...data } = o;
      insertO.run(id, customerId, JSON.stringify(data), kycStatus, atMs, atMs);
    },
    /** One beneficial owner. */
    owner(id: string): BeneficialOwner | undefined {
      const r = findO.get(id);
      return r && ownerFromRow(r);
    },
    /** Saves an owner's details and KYC status. */
    saveOwner(o: BeneficialOwner, atMs: number): BeneficialOwner {
      const { id, customerId: _cid, kycStatus, createdAt: _c, updatedAt: _u, ...data } = o;
      saveO.run(JSON.stringify(data), kycStatus, atMs, id);
      return ownerFromRow(findO.get(id)!);
    },
    /** How many beneficial owners a customer has. */
    ownerCount(customerId: string): number {
      return countO.get(customerId)!.n;
    },
    /** A filtered page of beneficial owners, newest first. */
    listOwners(f: { customerId?: string | undefined; limit: number; cursor?: string | undefined }): Page<BeneficialOwner> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.customerId) (where.push('customer_id = ?'), params.push(f.customerId));
      return selectPage<OwnerRow, BeneficialOwner>(db, {
        select: 'SELECT * FROM beneficial_owners', from: 'FROM beneficial_owners', where, params, limit: f.limit, cursor: f.cursor, order: 'desc',
        keyColumn: 'created_at', idColumn: 'id', map: ownerFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    /** Stores an issued KYC link. */
    insertLink(l: { id: string; customerId: string; url: string; outcome: string; createdAt: number; expiresAt: number }): void {
      insertLink.run(l.id, l.customerId, l.url, l.outcome, l.createdAt, l.expiresAt);
    },
    /** Stores a sent contact code (hashed). */
    insertCode(c: { id: string; customerId: string; channel: 'EMAIL' | 'PHONE'; contact: string; codeHash: string; sentAt: number; expiresAt: number }): void {
      insertCode.run(c.id, c.customerId, c.channel, c.contact, c.codeHash, c.sentAt, c.expiresAt);
    },
    /** The latest code sent to a customer on a channel. */
    lastCode(customerId: string, channel: 'EMAIL' | 'PHONE') {
      return lastCode.get(customerId, channel);
    },
    /** Counts a wrong try at a code. */
    countAttempt(id: string): void {
      bumpAttempts.run(id);
    },
    /** Marks a code confirmed. */
    markVerified(id: string, atMs: number): void {
      markVerified.run(atMs, id);
    },
    /** The customer's verified contacts, oldest first. */
    verifiedContacts(customerId: string): { channel: 'EMAIL' | 'PHONE'; contact: string; verifiedAt: string }[] {
      return verified.all(customerId).map((r) => ({ channel: r.channel, contact: r.contact, verifiedAt: isoOf(r.verified_at) }));
    },
  };
}

/** The repo's type. */
export type VerificationRepo = ReturnType<typeof verificationRepo>;
