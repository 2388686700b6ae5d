import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import { documentRepo, type DocumentRecord, type StoredFile } from './repo';
import type { Document, documentFieldsSchema, listDocumentsQuery, replaceFieldsSchema } from './schema';

/** Who may hold documents and which verifications they may support (answered by the areas that own them). */
export interface DocumentHolders {
  /** The customer a holder belongs to (itself for a live customer, its business for a beneficial owner); undefined when no such holder. */
  customerOf(holderId: string): string | undefined;
  /** The customer a verification checks; throws its 404 VERIFICATION_NOT_FOUND when there is no such verification. */
  verificationCustomer(verificationId: string): string;
}

/** KYC/KYB documents: metadata plus the file, kept in the workspace. */
export class DocumentService {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly holders: DocumentHolders) {
    this.repo = documentRepo(ctx.db);
  }

  /** Stores a new document for a customer or beneficial owner (400 naming documentHolder when there is no such holder). */
  upload(fields: z.infer<typeof documentFieldsSchema>, file: StoredFile): Document {
    const customerId = this.holders.customerOf(fields.documentHolder);
    if (!customerId) throw invalidInput('documentHolder', `${fields.documentHolder} is neither a customer nor a beneficial owner of this platform`);
    if (fields.verificationId) this.assertSameCustomer(fields.verificationId, customerId);
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('Document');
    const doc: Document = {
      id, documentHolder: fields.documentHolder, documentType: fields.documentType, country: fields.country, fileName: file.fileName,
      ...(fields.side ? { side: fields.side } : {}),
      ...(fields.documentNumber ? { documentNumber: fields.documentNumber } : {}),
      ...(fields.issuingAuthority ? { issuingAuthority: fields.issuingAuthority } : {}),
      ...(fields.verificationId ? { verificationId: fields.verificationId } : {}),
      createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString(),
    };
    return this.ctx.transaction(() => {
      this.repo.insert(doc, file, now);
      const stored = this.get(id);
      this.ctx.events.append('DOCUMENT.UPLOADED', 'Document', id, stored);
      return stored;
    });
  }

  /** Replaces the file and/or the metadata of a document; fields not sent keep their values. */
  replace(id: string, fields: z.infer<typeof replaceFieldsSchema>, file: StoredFile | undefined): Document {
    return this.ctx.transaction(() => {
      const current = this.get(id);
      const now = this.ctx.clock.nowMs();
      const { verificationId, ...rest } = fields;
      const next: Document = { ...current, ...rest };
      if (verificationId === '') delete next.verificationId;
      else if (verificationId !== undefined) {
        this.assertSameCustomer(verificationId, this.holders.customerOf(current.documentHolder));
        next.verificationId = verificationId;
      }
      this.repo.updateMeta(next, now);
      if (file) this.repo.updateFile(id, file, now);
      const stored = this.get(id);
      this.ctx.events.append('DOCUMENT.REPLACED', 'Document', id, stored);
      return stored;
    });
  }

  /** A document supports only a verification of its own holder's customer (404 for an unknown one, 400 naming verificationId for another customer's). */
  private assertSameCustomer(verificationId: string, customerId: string | undefined): void {
    const verified = this.holders.verificationCustomer(verificationId);
    if (verified !== customerId) throw invalidInput('verificationId', `${verificationId} checks another customer (${verified}); attach the document to a verification of its holder's customer`);
  }

  /** One document's metadata (404 REFERENCE_NOT_FOUND). */
  get(id: string): Document {
    return this.record(id).document;
  }

  /** The metadata with the file's facts (404 REFERENCE_NOT_FOUND). */
  record(id: string): DocumentRecord {
    const r = this.repo.find(id);
    if (!r) throw notFound('REFERENCE_NOT_FOUND', `Document ${id} not found`);
    return r;
  }

  /** The file of a document (404 REFERENCE_NOT_FOUND). */
  file(id: string): StoredFile {
    const f = this.repo.file(id);
    if (!f) throw notFound('REFERENCE_NOT_FOUND', `Document ${id} not found`);
    return f;
  }

  /** Deletes a document and its file (404 REFERENCE_NOT_FOUND). */
  delete(id: string): void {
    this.ctx.transaction(() => {
      const current = this.get(id);
      this.repo.delete(id);
      this.ctx.events.append('DOCUMENT.DELETED', 'Document', id, current);
    });
  }

  /** Documents newest first, filtered by holder or type. */
  list(q: z.infer<typeof listDocumentsQuery>): Page<Document> {
    const page = this.repo.list(q);
    return { ...page, data: page.data.map((r) => r.document) };
  }

  /** Documents with their file facts (the console's list). */
  records(q: z.infer<typeof listDocumentsQuery>): Page<DocumentRecord> {
    return this.repo.list(q);
  }
}
