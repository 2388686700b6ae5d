// The HAR 1.2 format (http://www.softwareishard.com/blog/har-12-spec/) as a JSON schema, for checking the
// request log's export with Ajv. Why our own: the npm validator (har-validator) is deprecated; this follows the
// spec's required fields and types, and allows `_`-prefixed custom fields as the spec does.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const pair = { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } } };
const custom = { '^_': {} };
const strict = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, properties: { ...properties, comment: { type: 'string' } }, patternProperties: custom, additionalProperties: false });

/** The HAR 1.2 document schema. */
export const HAR_SCHEMA = {
  type: 'object', required: ['log'], additionalProperties: false,
  properties: {
    log: strict(['version', 'creator', 'entries'], {
      version: { const: '1.2' },
      creator: strict(['name', 'version'], { name: { type: 'string' }, version: { type: 'string' } }),
      browser: strict(['name', 'version'], { name: { type: 'string' }, version: { type: 'string' } }),
      pages: { type: 'array' },
      entries: {
        type: 'array',
        items: strict(['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'], {
          pageref: { type: 'string' },
          startedDateTime: { type: 'string', format: 'date-time' },
          time: { type: 'number', minimum: 0 },
          request: strict(['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'], {
            method: { type: 'string' }, url: { type: 'string', format: 'uri' }, httpVersion: { type: 'string' },
            cookies: { type: 'array' }, headers: { type: 'array', items: pair }, queryString: { type: 'array', items: pair },
            postData: strict(['mimeType'], { mimeType: { type: 'string' }, text: { type: 'string' }, params: { type: 'array' } }),
            headersSize: { type: 'integer' }, bodySize: { type: 'integer' },
          }),
          response: strict(['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'], {
            status: { type: 'integer' }, statusText: { type: 'string' }, httpVersion: { type: 'string' }, cookies: { type: 'array' },
            headers: { type: 'array', items: pair },
            content: strict(['size', 'mimeType'], { size: { type: 'integer' }, compression: { type: 'integer' }, mimeType: { type: 'string' }, text: { type: 'string' }, encoding: { type: 'string' } }),
            redirectURL: { type: 'string' }, headersSize: { type: 'integer' }, bodySize: { type: 'integer' },
          }),
          cache: { type: 'object' },
          timings: strict(['send', 'wait', 'receive'], {
            blocked: { type: 'number', minimum: -1 }, dns: { type: 'number', minimum: -1 }, connect: { type: 'number', minimum: -1 },
            send: { type: 'number', minimum: 0 }, wait: { type: 'number', minimum: 0 }, receive: { type: 'number', minimum: 0 }, ssl: { type: 'number', minimum: -1 },
          }),
          serverIPAddress: { type: 'string' },
          connection: { type: 'string' },
        }),
      },
    }),
  },
} as const;

/** Validates a HAR document; returns Ajv's errors as text, or an empty string when it is valid. */
export function harProblems(doc: unknown): string {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(HAR_SCHEMA);
  return validate(doc) ? '' : ajv.errorsText(validate.errors);
}
