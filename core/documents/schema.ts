import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';

/** Upstream's document types (identity, business legal presence, control and ownership structure, proof of address). */
export const DOCUMENT_TYPES = [
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'TAX_RETURN', 'CERTIFICATE_OF_INCORPORATION',
  'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT',
  'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE', 'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY', 'UTILITY_BILL', 'ELECTRICITY_BILL',
  'RENT_OR_LEASE_AGREEMENT', 'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT',
  'PARTNERSHIP_AGREEMENT', 'SELFIE', 'OTHER',
] as const;

/** The largest file accepted (upstream: "PDF, JPEG, or PNG, max 10 MB"). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The text fields of a multipart upload (`file` travels beside them). */
export const documentFieldsSchema = z.object({
  documentHolder: z.string().trim().min(1).max(200).meta({ description: 'The customer (Customer:…) or beneficial owner (BeneficialOwner:…) the document belongs to' }),
  documentType: z.enum(DOCUMENT_TYPES),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as US').meta({ description: 'The country that issued the document' }),
  side: z.enum(['FRONT', 'BACK']).optional().meta({ description: 'For two-sided documents such as driver’s licenses' }),
  documentNumber: z.string().trim().min(1).max(100).optional(),
  issuingAuthority: z.string().trim().min(1).max(200).optional(),
  verificationId: z.string().trim().min(1).max(200).optional().meta({ description: 'The verification (Verification:…) of the holder’s customer this document supports' }),
}).strict();

/** A replacement's text fields: all optional (the file and/or the metadata change), the holder stays; an empty verificationId detaches the document. */
export const replaceFieldsSchema = documentFieldsSchema.omit({ documentHolder: true, verificationId: true }).partial().extend({
  verificationId: z.string().trim().max(200).optional().meta({ description: 'Attaches the document to this verification; an empty value detaches it' }),
}).strict();

/** A document's metadata as the API returns it (never the file: the console downloads it). */
export const documentSchema = z.object({
  id: z.string().meta({ example: 'Document:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  documentHolder: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  country: z.string(),
  fileName: z.string(),
  side: z.enum(['FRONT', 'BACK']).optional(),
  documentNumber: z.string().optional(),
  issuingAuthority: z.string().optional(),
  verificationId: z.string().optional().meta({ description: 'The verification this document supports, when attached to one' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict().meta({ id: 'Document' });
/** A document's metadata as the API returns it. */
export type Document = z.infer<typeof documentSchema>;

/** `GET /documents` query. */
export const listDocumentsQuery = pageQuerySchema.extend({
  documentHolder: z.string().min(1).max(200).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  verificationId: z.string().min(1).max(200).optional().meta({ description: 'Only the documents attached to this verification' }),
}).strict();

/** A page of documents. */
export const documentPageSchema = pageSchema(documentSchema, 'DocumentList');
