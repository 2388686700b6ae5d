import { z } from 'zod';
import { commit, defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { parseWith } from '../api/validate';
import { readUpload } from './upload';
import { documentFieldsSchema, documentPageSchema, documentSchema, listDocumentsQuery, MAX_DOCUMENT_BYTES, replaceFieldsSchema } from './schema';
import type { DocumentService } from './service';

const TAG = 'Documents';
const docParam = z.object({ documentId: idParam('The document id', 'Document:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const MULTIPART = 'multipart/form-data with a `file` part (PDF, JPEG or PNG, at most 10 MB) and the text fields documentType, country (ISO 3166-1 alpha-2), '
  + 'side (FRONT|BACK), documentNumber, issuingAuthority and verificationId (a verification of the holder’s customer that the document supports)';
const filePart = (required: boolean) => {
  const file = z.string().meta({ format: 'binary', description: 'The document itself: a PDF, JPEG or PNG file of at most 10 MB; its file name is kept' });
  return { file: required ? file : file.optional() };
};
/** The upload's multipart form, for the OpenAPI document (the handler reads and checks it itself). */
const uploadForm = documentFieldsSchema.extend(filePart(true)).meta({ id: 'DocumentUpload' });
/** The replacement's multipart form: every part optional. */
const replaceForm = replaceFieldsSchema.extend(filePart(false)).meta({ id: 'DocumentReplacement' });
const verificationErrors = {
  400: 'INVALID_INPUT naming verificationId: the verification checks another customer than the document’s holder',
  404: 'VERIFICATION_NOT_FOUND: no such verification (verificationId)',
} as const;
const uploadErrors = {
  400: 'INVALID_INPUT naming the field: not multipart, no file, an empty file or one that is not PDF/JPEG/PNG, a bad documentType or country, an unknown documentHolder',
  413: 'PAYLOAD_TOO_LARGE: the file (or the whole request) is beyond the 10 MB limit (details.limitBytes)',
} as const;
const uploadAndVerificationErrors = { ...uploadErrors, 400: `${uploadErrors[400]}; ${verificationErrors[400]}`, 404: verificationErrors[404] };

/** The document routes, declared once. Uploads are multipart: the handlers read the form themselves. */
export const documentContract = {
  uploadDocument: defineRoute({
    method: 'post', path: '/documents', tag: TAG, permission: 'MANAGE',
    summary: 'Uploads a verification document for a customer or beneficial owner',
    description: `${MULTIPART}, plus documentHolder (the Customer:… or BeneficialOwner:… id). The file is kept in the workspace.`,
    form: uploadForm,
    maxBodyBytes: MAX_DOCUMENT_BYTES,
    responses: { 201: { description: 'The document', schema: documentSchema } },
    errors: uploadAndVerificationErrors,
  }),
  listDocuments: listRoute({
    path: '/documents', tag: TAG, permission: 'VIEW',
    summary: 'Lists documents newest first, by holder or type',
    query: listDocumentsQuery,
    page: documentPageSchema, items: 'documents',
  }),
  getDocument: defineRoute({
    method: 'get', path: '/documents/{documentId}', tag: TAG, permission: 'VIEW',
    summary: 'One document’s metadata',
    params: docParam,
    responses: { 200: { description: 'The document', schema: documentSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such document' },
  }),
  replaceDocument: defineRoute({
    method: 'put', path: '/documents/{documentId}', tag: TAG, permission: 'MANAGE',
    summary: 'Replaces a document’s file and/or metadata (for example after it was rejected)',
    description: `${MULTIPART}; the file is required, the other parts are optional and what is not sent is kept (an empty verificationId detaches the document). The holder never changes.`,
    params: docParam,
    form: replaceForm,
    maxBodyBytes: MAX_DOCUMENT_BYTES,
    responses: { 200: { description: 'The document as it now stands', schema: documentSchema } },
    errors: { ...uploadAndVerificationErrors, 404: `REFERENCE_NOT_FOUND: no such document; ${verificationErrors[404]}` },
  }),
  deleteDocument: defineRoute({
    method: 'delete', path: '/documents/{documentId}', tag: TAG, permission: 'MANAGE',
    summary: 'Deletes a document and its file',
    params: docParam,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such document' },
  }),
};

/** Serves the document routes. */
export function documentRoutes(documents: DocumentService) {
  return implement(documentContract, {
    uploadDocument: async ({ c }) => {
      const upload = await readUpload(c, MAX_DOCUMENT_BYTES, true);
      const fields = parseWith(documentFieldsSchema, upload.fields);
      // The write runs with the stored answer of a keyed request, in one transaction.
      return commit(() => reply(201, documents.upload(fields, upload.file!)));
    },
    listDocuments: ({ query }) => reply(200, documents.list(query)),
    getDocument: ({ params }) => reply(200, documents.get(params.documentId)),
    replaceDocument: async ({ params, c }) => {
      documents.get(params.documentId);
      // Upstream's replace requires the file (a metadata-only PUT is its 400); the metadata parts stay optional.
      const upload = await readUpload(c, MAX_DOCUMENT_BYTES, true);
      const fields = parseWith(replaceFieldsSchema, upload.fields);
      return commit(() => reply(200, documents.replace(params.documentId, fields, upload.file)));
    },
    deleteDocument: ({ params }) => {
      documents.delete(params.documentId);
      return noContent();
    },
  });
}
