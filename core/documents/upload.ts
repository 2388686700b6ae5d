import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { MULTIPART_FRAMING_BYTES } from '../api/body-limit';
import { invalidInput, ServiceError } from '../kernel/errors';
import type { StoredFile } from './repo';

/** Room for the multipart framing and the text fields around the file (the API's body limit allows the same). */
const FRAMING_BYTES = MULTIPART_FRAMING_BYTES;

/** A parsed multipart upload: its text fields and its file, if one was sent. */
export interface Upload {
  fields: Record<string, string>;
  file: StoredFile | undefined;
}

/** 413 with the limit, so a client can say how much too large the file was. */
export function tooLarge(maxBytes: number, size: number | undefined, what = 'The file'): ServiceError {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', `${what} is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`, { limitBytes: maxBytes, ...(size !== undefined ? { sizeBytes: size } : {}) });
}

/** Tells a file's real type from its bytes, or undefined when the type is not accepted. */
export type Sniffer = (bytes: Uint8Array) => string | undefined;

/** The file's real type from its first bytes (the declared type and the name are the client's word, not proof). */
export function sniffDocument(bytes: Uint8Array): StoredFile['contentType'] | undefined {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return undefined;
}

/**
 * Reads a `multipart/form-data` request: a too-large body is refused from its Content-Length before it
 * is read (413), a body that is not multipart or cannot be parsed is 400 naming `(body)`, and the
 * `file` part must be a non-empty PDF, JPEG or PNG no larger than `maxBytes`.
 */
export async function readUpload(c: Context, maxBytes: number, fileRequired: boolean): Promise<Upload> {
  const { fields, file } = await readMultipart(c, maxBytes, fileRequired, sniffDocument, 'must be a PDF, JPEG or PNG file');
  return { fields, file: file && { ...file, contentType: file.contentType as StoredFile['contentType'] } };
}

/** Reads a multipart form whose `file` part `sniff` accepts (see readUpload for the refusals). */
export async function readMultipart(c: Context, maxBytes: number, fileRequired: boolean, sniff: Sniffer, refusal: string): Promise<{ fields: Record<string, string>; file: (Omit<StoredFile, 'contentType'> & { contentType: string }) | undefined }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) throw invalidInput('(body)', 'must be multipart/form-data with a boundary (fields plus a `file` part)');
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_BYTES) throw tooLarge(maxBytes, undefined, 'The request');
  const body = new Uint8Array(await c.req.arrayBuffer());
  if (body.byteLength > maxBytes + FRAMING_BYTES) throw tooLarge(maxBytes, undefined, 'The request');
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch (err) {
    throw invalidInput('(body)', `is not a readable multipart/form-data body (${err instanceof Error ? err.message : 'parse error'})`);
  }
  const fields: Record<string, string> = {};
  let file: (Omit<StoredFile, 'contentType'> & { contentType: string }) | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      fields[name] = value;
      continue;
    }
    if (name !== 'file') throw invalidInput(name, 'is a file part; only `file` carries a file');
    if (value.size > maxBytes) throw tooLarge(maxBytes, value.size);
    const bytes = new Uint8Array(await value.arrayBuffer());
    if (bytes.byteLength === 0) throw invalidInput('file', 'is empty');
    const contentType = sniff(bytes);
    if (!contentType) throw invalidInput('file', refusal);
    const fileName = (value.name || 'document').slice(0, 255);
    file = { fileName, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  if (fileRequired && !file) throw invalidInput('file', 'is required: send the document as the `file` part');
  return { fields, file };
}
