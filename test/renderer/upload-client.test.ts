// File uploads from the console: the renderer sends the file as base64 with its name and type in the
// bridge request (`upload`), the API's refusals come back as ConsoleErrors, and the reference's curl
// example of a multipart route uses -F parts.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../core/index';
import { MAX_BRIDGE_UPLOAD_BYTES as CORE_LIMIT } from '../../core/console/upload';
import { ConsoleError, setBridge } from '../../renderer/api/client';
import { apiUpload, fileBase64, MAX_BRIDGE_UPLOAD_BYTES } from '../../renderer/api/upload';
import { asOpenApiDocument, buildCurl, listOperations } from '../../renderer/lib/openapi';
import { fakeBridge } from './fake-bridge';

afterEach(() => setBridge(null));

const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

describe('apiUpload', () => {
  it('sends the fields and the file as base64 with its name and type, dropping fields left empty', async () => {
    const fake = fakeBridge({}, (req: ApiRequest) => ({ status: 201, headers: {}, body: { id: 'Document:1', fileName: req.upload?.file?.name } }));
    setBridge(fake.bridge);
    const file = new File([PDF], 'passport.pdf', { type: 'application/pdf' });
    const doc = await apiUpload<{ id: string; fileName: string }>('POST /documents', { fields: { documentHolder: 'Customer:1', documentType: 'PASSPORT', side: undefined }, file });
    expect(doc).toEqual({ id: 'Document:1', fileName: 'passport.pdf' });
    expect(fake.apiCalls).toEqual([{
      method: 'POST', path: '/documents',
      upload: { fields: { documentHolder: 'Customer:1', documentType: 'PASSPORT' }, file: { name: 'passport.pdf', contentType: 'application/pdf', base64: Buffer.from(PDF).toString('base64') } },
    }]);
  });

  it('fills the path parameter of a replacement and may send no file', async () => {
    const fake = fakeBridge({}, () => ({ status: 200, headers: {}, body: {} }));
    setBridge(fake.bridge);
    await apiUpload('PUT /documents/{documentId}', { params: { documentId: 'Document:1' }, fields: { verificationId: '' } });
    expect(fake.apiCalls[0]).toEqual({ method: 'PUT', path: '/documents/Document%3A1', upload: { fields: { verificationId: '' } } });
  });

  it('throws the API’s refusal (its 413) as a ConsoleError with the API’s sentence', async () => {
    const error = { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 10 MB limit', details: { limitBytes: 10485760 } };
    setBridge(fakeBridge({}, () => ({ status: 413, headers: {}, body: error })).bridge);
    const err = await apiUpload('POST /documents', { fields: {}, file: new File([PDF], 'a.pdf') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConsoleError);
    expect(err).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 10 MB limit' });
  });

  it('does not read or send a file beyond what the bridge carries (the same limit as the core’s)', async () => {
    expect(MAX_BRIDGE_UPLOAD_BYTES).toBe(CORE_LIMIT);
    const fake = fakeBridge({});
    setBridge(fake.bridge);
    const huge = { name: 'huge.pdf', type: 'application/pdf', size: MAX_BRIDGE_UPLOAD_BYTES + 1 } as File;
    await expect(apiUpload('POST /documents', { fields: {}, file: huge })).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(fake.apiCalls).toEqual([]);
  });

  it('encodes large files in chunks, byte for byte', async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    expect(await fileBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('the reference’s curl example of a multipart upload', () => {
  it('sends the required fields and the file as -F parts, not a JSON body', () => {
    const doc = asOpenApiDocument({
      openapi: '3.1.0', info: { title: 't', version: '1' }, servers: [{ url: '/v' }],
      components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
      paths: {
        '/documents': {
          post: {
            operationId: 'uploadDocument', security: [{ basicAuth: [] }], responses: { 201: { description: 'ok' } },
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object', required: ['documentHolder', 'file'],
                    properties: { documentHolder: { type: 'string', example: 'Customer:1' }, side: { type: 'string' }, file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          },
        },
      },
    });
    const entry = listOperations(doc).find((o) => o.key === 'uploadDocument')!;
    expect(buildCurl(doc, entry, { baseUrl: 'http://127.0.0.1:4100/v' }).split(' \\\n  ')).toEqual([
      'curl -X POST "http://127.0.0.1:4100/v/documents"',
      '-u "$CLIENT_ID:$CLIENT_SECRET"',
      "-F 'documentHolder=Customer:1'",
      "-F 'file=@./document.pdf'",
    ]);
  });
});
