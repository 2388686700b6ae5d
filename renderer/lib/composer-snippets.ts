/**
 * A composed request as code a developer can run: curl (the request log's own exporter), HTTPie, and a
 * fetch call in TypeScript. Credentials always come from the environment (`CLIENT_ID`, `CLIENT_SECRET`),
 * never from the console.
 */
import { callUrl, curlCommand, REDACTED_MARK, shellQuote, type LoggedRequest } from './request-replay';

/** The exporters the composer offers. */
export const SNIPPET_KINDS = ['curl', 'httpie', 'fetch'] as const;
/** One of them. */
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** What each is called on screen. */
export const SNIPPET_LABELS: Record<SnippetKind, string> = { curl: 'curl', httpie: 'HTTPie', fetch: 'fetch (TypeScript)' };

/** Headers no snippet carries: credentials come from the environment, transport headers from the client. */
const LEFT_OUT = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-console-token', 'host', 'content-length', 'connection', 'transfer-encoding']);

function headersOf(call: LoggedRequest): [string, string][] {
  return Object.entries(call.requestHeaders).filter(([k, v]) => !LEFT_OUT.has(k.toLowerCase()) && !v.includes(REDACTED_MARK));
}

/** The request as an HTTPie command (`http`), the body passed raw so that it arrives exactly as composed. */
export function httpieCommand(call: LoggedRequest, origin: string): string {
  const parts = [`http --auth "$CLIENT_ID:$CLIENT_SECRET" ${call.method.toUpperCase()} ${shellQuote(callUrl(call, origin))}`];
  // Why `Name:value` quoted whole: HTTPie reads `:` as the header separator, and the shell must not split it.
  for (const [name, value] of headersOf(call)) parts.push(shellQuote(`${name}:${value}`));
  if (call.requestBody) parts.push(`--raw ${shellQuote(call.requestBody)}`);
  return parts.join(' \\\n  ');
}

/** The request as a TypeScript fetch call (Node 18+ or a browser), printing the status and the answer. */
export function fetchSnippet(call: LoggedRequest, origin: string): string {
  const headers = [`    Authorization: \`Basic \${btoa(\`\${process.env.CLIENT_ID}:\${process.env.CLIENT_SECRET}\`)}\`,`];
  for (const [name, value] of headersOf(call)) headers.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
  let body = '';
  if (call.requestBody) {
    try {
      body = `  body: JSON.stringify(${JSON.stringify(JSON.parse(call.requestBody), null, 2).replace(/\n/g, '\n  ')}),\n`;
    } catch {
      body = `  body: ${JSON.stringify(call.requestBody)},\n`;
    }
  }
  return [
    `const response = await fetch(${JSON.stringify(callUrl(call, origin))}, {`,
    `  method: ${JSON.stringify(call.method.toUpperCase())},`,
    '  headers: {',
    ...headers,
    '  },',
    `${body}});`,
    'console.log(response.status, await response.json());',
  ].join('\n');
}

/** The snippet of one kind. */
export function snippetOf(kind: SnippetKind, call: LoggedRequest, origin: string): string {
  if (kind === 'httpie') return httpieCommand(call, origin);
  if (kind === 'fetch') return fetchSnippet(call, origin);
  return curlCommand(call, origin);
}
