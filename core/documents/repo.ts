import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { Document } from './schema';

/** A document row as stored (the file in `content`). */
interface DocumentRow {
  id: string; document_holder: string; document_type: Document['documentType']; country: string; side: 'FRONT' | 'BACK' | null;
  document_number: string | null; issuing_authority: string | null; verification_id: string | null; file_name: string; content_type: string; size_bytes: number;
  sha256: string; created_at: number; updated_at: number;
}

/** The stored file of a document. */
export interface StoredFile {
  fileName: string;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  bytes: Uint8Array;
  sha256: string;
}

/** A document's metadata with the facts of its file (size, type, hash), for the console. */
export interface DocumentRecord {
  document: Document;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

const META = 'id, document_holder, document_type, country, side, document_number, issuing_authority, verification_id, file_name, content_type, size_bytes, sha256, created_at, updated_at';

function fromRow(r: DocumentRow): Document {
  return {
    id: r.id, documentHolder: r.document_holder, documentType: r.document_type, country: r.country, fileName: r.file_name,
    ...(r.side ? { side: r.side } : {}),
    ...(r.document_number ? { documentNumber: r.document_number } : {}),
    ...(r.issuing_authority ? { issuingAuthority: r.issuing_authority } : {}),
    ...(r.verification_id ? { verificationId: r.verification_id } : {}),
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
}

/** The SQL of documents, prepared once over a workspace's database. */
export function documentRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO documents (id, document_holder, document_type, country, side, document_number, issuing_authority, verification_id, file_name, content_type, size_bytes, sha256, content, created_at, updated_at)
     VALUES (@id, @document_holder, @document_type, @country, @side, @document_number, @issuing_authority, @verification_id, @file_name, @content_type, @size_bytes, @sha256, @content, @created_at, @updated_at)`,
  );
  const byId = db.prepare<[string], DocumentRow>(`SELECT ${META} FROM documents WHERE id = ?`);
  const content = db.prepare<[string], { file_name: string; content_type: StoredFile['contentType']; content: Buffer; sha256: string }>('SELECT file_name, content_type, content, sha256 FROM documents WHERE id = ?');
  const updateMeta = db.prepare(
    `UPDATE documents SET document_type = @document_type, country = @country, side = @side, document_number = @document_number,
       issuing_authority = @issuing_authority, verification_id = @verification_id, updated_at = @updated_at WHERE id = @id`,
  );
  const updateFile = db.prepare('UPDATE documents SET file_name = ?, content_type = ?, size_bytes = ?, sha256 = ?, content = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM documents WHERE id = ?');
  const record = (r: DocumentRow): DocumentRecord => ({ document: fromRow(r), contentType: r.content_type, sizeBytes: r.size_bytes, sha256: r.sha256 });
  return {
    /** Stores a new document with its file. */
    insert(d: Document, file: StoredFile, atMs: number): void {
      insert.run({
        id: d.id, document_holder: d.documentHolder, document_type: d.documentType, country: d.country, side: d.side ?? null,
        document_number: d.documentNumber ?? null, issuing_authority: d.issuingAuthority ?? null, verification_id: d.verificationId ?? null, file_name: file.fileName,
        content_type: file.contentType, size_bytes: file.bytes.byteLength, sha256: file.sha256, content: Buffer.from(file.bytes),
        created_at: atMs, updated_at: atMs,
      });
    },
    /** One document's metadata with its file facts. */
    find(id: string): DocumentRecord | undefined {
      const r = byId.get(id);
      return r && record(r);
    },
    /** The file of a document. */
    file(id: string): StoredFile | undefined {
      const r = content.get(id);
      return r && { fileName: r.file_name, contentType: r.content_type, bytes: new Uint8Array(r.content), sha256: r.sha256 };
    },
    /** Rewrites the metadata (the holder never changes). */
    updateMeta(d: Document, atMs: number): void {
      updateMeta.run({
        id: d.id, document_type: d.documentType, country: d.country, side: d.side ?? null, document_number: d.documentNumber ?? null,
        issuing_authority: d.issuingAuthority ?? null, verification_id: d.verificationId ?? null, updated_at: atMs,
      });
    },
    /** Replaces the file. */
    updateFile(id: string, file: StoredFile, atMs: number): void {
      updateFile.run(file.fileName, file.contentType, file.bytes.byteLength, file.sha256, Buffer.from(file.bytes), atMs, id);
    },
    /** Deletes a document and its file. */
    delete(id: string): void {
      remove.run(id);
    },
    /** Documents newest first, optionally of one holder, type or verification. */
    list(f: { documentHolder?: string | undefined; documentType?: string | undefined; verificationId?: string | undefined; limit: number; cursor?: string | undefined }): Page<DocumentRecord> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.documentHolder) { where.push('document_holder = ?'); params.push(f.documentHolder); }
      if (f.documentType) { where.push('document_type = ?'); params.push(f.documentType); }
      if (f.verificationId) { where.push('verification_id = ?'); params.push(f.verificationId); }
      return selectPage<DocumentRow, DocumentRecord>(db, {
        select: `SELECT ${META} FROM documents`, from: 'FROM documents', where, params,
        limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id',
        map: record, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
  };
}
