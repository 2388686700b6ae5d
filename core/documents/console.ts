import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { DocumentService } from './service';

/** Console handlers for documents: the list with file facts, and the download (the API answers metadata only). */
export function documentHandlers(documents: DocumentService) {
  return {
    'documents/list': handler(z.object({
      documentHolder: z.string().min(1).max(200).optional(),
      verificationId: z.string().min(1).max(200).optional(),
      limit: z.number().int().min(1).max(100).default(50),
      cursor: z.string().optional(),
    }), (q) => documents.records(q)),
    /** The file as base64 with its name and type, for the console to save (files are at most 10 MB). */
    'documents/download': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const f = documents.file(id);
      return { fileName: f.fileName, contentType: f.contentType, sha256: f.sha256, base64: Buffer.from(f.bytes).toString('base64') };
    }),
  };
}
