import { parseArgs } from 'node:util';
import { API_BASE } from '../api/types';
import { postWebhook } from '../webhooks/sender';
import type { TappedWebhook } from '../webhooks/service';

const HELP = `Usage: listen --forward-to URL [--api URL] [--client-id ID --client-secret SECRET]

Forwards every webhook of a running workspace (serve or the desktop app) to a local URL, signed
exactly as deliveries are (X-Svc-Signature), without changing the platform's webhook endpoint.
Prints each event and the receiver's answer.
  --forward-to URL      where to POST each webhook, e.g. http://127.0.0.1:3000/hooks
  --api URL             the local API (default http://127.0.0.1:4100${API_BASE})
  --client-id ID        API token client id (default: $SVC_CLIENT_ID)
  --client-secret S     API token secret (default: $SVC_CLIENT_SECRET)`;

/** Reads an SSE body and calls `onMessage` with each complete message's event name and data. */
export async function readSse(body: ReadableStream<Uint8Array>, onMessage: (event: string, data: string) => void | Promise<void>): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) await onMessage(event, data.join('\n'));
    }
  }
}

/** The `listen` command: connects to the API's webhook stream and forwards each webhook. */
export async function main(argv: string[], print: (line: string) => void = (l) => console.log(l)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'forward-to': { type: 'string' }, api: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, help: { type: 'boolean' },
    },
  });
  if (values.help) return print(HELP);
  const target = values['forward-to'];
  const id = values['client-id'] ?? process.env['SVC_CLIENT_ID'];
  const secret = values['client-secret'] ?? process.env['SVC_CLIENT_SECRET'];
  if (!target || !id || !secret) throw new Error(`--forward-to and the API credentials are required\n\n${HELP}`);
  const api = (values.api ?? `http://127.0.0.1:4100${API_BASE}`).replace(/\/$/, '');
  const res = await fetch(`${api}/sandbox/webhooks/listen`, {
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, accept: 'text/event-stream' },
  });
  if (res.status !== 200 || !res.body) throw new Error(`The API answered ${res.status}: ${await res.text()}`);
  print(`Listening on ${api}; forwarding webhooks to ${target} (Ctrl+C stops)`);
  await readSse(res.body, async (event, data) => {
    if (event !== 'webhook') return;
    const w = JSON.parse(data) as TappedWebhook;
    const r = await postWebhook(target, w.body, w.signature, 10_000);
    const answer = r.responseStatus === null ? r.error : `${r.responseStatus} in ${r.durationMs} ms${r.responseBody ? ` ${r.responseBody.slice(0, 200)}` : ''}`;
    print(`${w.type} ${w.id} -> ${answer}`);
  });
}

// Run as a program (tsx core/host/listen.ts, or the bundled file), not when imported by tests.
if (process.argv[1] && /listen\.(ts|mjs)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
