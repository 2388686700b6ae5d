/**
 * File uploads through the console bridge. The bridges carry JSON only, so the file travels as base64
 * beside the form's text fields; the core sends the API a real multipart/form-data request of it.
 */
import { getBridge, requestOf, responseError, ConsoleError } from './client';

/** The largest file the bridges carry (core/console/upload.ts): beyond it nothing is read or sent. */
export const MAX_BRIDGE_UPLOAD_BYTES = 16 * 1024 * 1024;

/** A file's bytes as base64 (read in chunks: a spread of millions of bytes would overflow the stack). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What an upload sends: the path parameters, the text fields, and the file (if any). */
export interface UploadInput {
  params?: Record<string, string>;
  fields: Record<string, string | undefined>;
  file?: File | undefined;
}

/**
 * Sends a multipart upload to an API route (`POST /documents`, `PUT /documents/{documentId}`) and
 * resolves to the answer's body; throws a ConsoleError (the API's own error, e.g. its 413) on >= 400.
 */
export async function apiUpload<T>(route: 'POST /documents' | 'PUT /documents/{documentId}', input: UploadInput): Promise<T> {
  if (input.file && input.file.size > MAX_BRIDGE_UPLOAD_BYTES) {
    throw new ConsoleError('PAYLOAD_TOO_LARGE', `The file is larger than the ${MAX_BRIDGE_UPLOAD_BYTES / 1024 / 1024} MB the console can send`, 413);
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.fields)) if (v !== undefined) fields[k] = v;
  const request = requestOf(route, { params: input.params });
  request.upload = {
    fields,
    ...(input.file ? { file: { name: input.file.name, contentType: input.file.type, base64: await fileBase64(input.file) } } : {}),
  };
  const res = await getBridge().api(request);
  if (res.status >= 400) throw responseError(res);
  return res.body as T;
}
