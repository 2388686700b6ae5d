// Transport helpers the global fetch cannot do: a request with a chosen Host header, and reading a
// Server-Sent Events body until a wanted event arrives.
import { request } from 'node:http';

/** GET over node:http with an explicit Host header (fetch does not let callers set Host). */
export function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One parsed SSE message. */
export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

/** Parses the complete messages of an SSE text (comments and the unfinished tail are skipped). */
export function parseSse(text: string): SseMessage[] {
  const out: SseMessage[] = [];
  const blocks = text.split('\n\n');
  blocks.pop(); // the tail after the last blank line is not complete yet
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) out.push({ event, id, data: data.join('\n') });
  }
  return out;
}

/**
 * Reads an SSE body until a message satisfies `wanted` (returning it) or the stream ends (throwing).
 * The caller aborts the request afterwards; vitest's test timeout bounds a stream that never delivers.
 */
export async function readSseUntil(body: ReadableStream<Uint8Array>, wanted: (m: SseMessage) => boolean): Promise<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`event stream ended before the wanted event; received:\n${text}`);
      text += decoder.decode(value, { stream: true });
      const hit = parseSse(text).find(wanted);
      if (hit) return hit;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reads an SSE body until its first chunk arrives (the server's `: connected` comment). */
export async function readFirstChunk(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  try {
    const { value } = await reader.read();
    return value ? new TextDecoder().decode(value) : '';
  } finally {
    reader.releaseLock();
  }
}

/** What POST /__bridge/invoke answers: the handler's value, or its error as data (one of the two). */
export interface BridgeAnswer<T> {
  ok: boolean;
  value?: T;
  error?: { status: number; code: string; message: string; details?: Record<string, unknown> };
}
