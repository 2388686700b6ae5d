import { z } from 'zod';

/**
 * The largest file the console bridges carry. Above the API's own limits on purpose: a file between
 * them reaches the API, which answers its 413 PAYLOAD_TOO_LARGE like it does for any client; only a
 * file beyond this is refused by the bridge itself (with the same error shape).
 */
export const MAX_BRIDGE_UPLOAD_BYTES = 16 * 1024 * 1024;

/** Base64 length of MAX_BRIDGE_UPLOAD_BYTES bytes (the HTTP bridge allows a body this much larger for it). */
export const MAX_UPLOAD_BASE64_CHARS = Math.ceil(MAX_BRIDGE_UPLOAD_BYTES / 3) * 4;
const MAX_BASE64_CHARS = MAX_UPLOAD_BASE64_CHARS;

/**
 * A file upload carried by a bridge as JSON (the bridges speak JSON only): the multipart form's text
 * fields and its `file` part as base64. The core turns it into a real multipart/form-data request.
 */
export const apiUploadSchema = z.object({
  fields: z.record(z.string().min(1).max(100), z.string().max(10_000)).default({}),
  file: z.object({
    name: z.string().min(1).max(255),
    contentType: z.string().max(200).regex(/^[^\r\n\0]*$/),
    base64: z.string().max(MAX_BASE64_CHARS, `is beyond the ${MAX_BRIDGE_UPLOAD_BYTES / 1024 / 1024} MB the console can send`).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
  }).strict().optional(),
}).strict();

/** A file upload carried by a bridge (see apiUploadSchema). */
export interface ApiUpload {
  fields?: Record<string, string>;
  file?: { name: string; contentType: string; base64: string } | undefined;
}

/** Builds the multipart/form-data body of an upload; the file goes last, as the `file` part. */
export function uploadForm(upload: ApiUpload): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
  if (upload.file) {
    const bytes = Buffer.from(upload.file.base64, 'base64');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: upload.file.contentType || 'application/octet-stream' }), upload.file.name);
  }
  return form;
}
