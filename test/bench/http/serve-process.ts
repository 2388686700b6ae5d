// The server side of the HTTP legs, in its own process: a workspace opened as `serve` opens it (a real
// file, the loopback server with the console bridge), prepared with what the legs call (a funded account,
// a quote, an agent's bearer token, a card), then its ids printed as one JSON line on stdout.
// Run with `node --import tsx test/bench/http/serve-process.ts DATA_DIR` (add --cpu-prof to profile);
// it closes cleanly on SIGTERM or when stdin ends, so a profile and the request log are written out.
import { mkdirSync } from 'node:fs';
import { createCore, type HandlerOutput } from '../../../core/index';
import { startLoopbackServer } from '../../../core/host/server';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: serve-process.ts DATA_DIR');
mkdirSync(dataDir, { recursive: true });
const t0 = performance.now();
const core = createCore({ dataDir, host: { kind: 'serve' } });
const openMs = performance.now() - t0;
const server = await startLoopbackServer({ core, port: 0 });
core.setHost({ kind: 'serve', origin: server.origin });

// A token of our own: a reused workspace shows its seeded secret only once, at creation.
const token = core.services.tokens.create(`bench ${new Date().toISOString()}`, ['VIEW', 'TRANSACT', 'MANAGE']);
const auth = `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString('base64')}`;
const options = await core.invoke('quotes/options', {});
if (!options.ok) throw new Error('quotes/options failed');
const o = options.value as HandlerOutput<'quotes/options'>;
const source = o.sources.find((s) => s.currency === 'USD' && s.customerId)!;
const destination = o.destinations.find((d) => d.currency !== 'USD' && d.scenario === 'SUCCESS')!;
const must = async (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => {
  const r = await core.callApi({ method, path, body, headers });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, any>;
};
await must('POST', `/sandbox/internal-accounts/${encodeURIComponent(source.accountId)}/fund`, { amount: 100_000_000_000 });
const quoteBody = {
  source: { sourceType: 'ACCOUNT', accountId: source.accountId }, destination: { destinationType: 'ACCOUNT', accountId: destination.accountId },
  lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000, description: 'bench',
};
const quote = await must('POST', '/quotes', quoteBody);

// The agent and card legs run only when those areas answer; their absence is printed, never hidden.
let agent: { token: string } | { error: string };
try {
  const created = await must('POST', '/agents', {
    name: 'Bench agent', customerId: source.customerId,
    policy: { permissions: ['VIEW_TRANSACTIONS', 'CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 } },
  });
  const redeemed = await must('POST', `/agents/device-codes/${encodeURIComponent(created['deviceCode'].code)}/redeem`);
  agent = { token: String(redeemed['accessToken']) };
} catch (err) {
  agent = { error: err instanceof Error ? err.message : String(err) };
}
let card: { id: string } | { error: string };
try {
  const issued = await must('POST', '/cards', { cardholderId: source.customerId, form: 'VIRTUAL', fundingSources: [source.accountId], platformCardId: `bench-${Date.now()}-000` });
  card = { id: String(issued['id']) };
} catch (err) {
  card = { error: err instanceof Error ? err.message : String(err) };
}

// Before the ready line: the bench may signal as soon as it reads it.
let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  // How many API changes each commit carried under the load (the group commit's effect).
  const g = core.services.ctx.groupStats();
  process.stderr.write(`[serve] ${g.changes} changes in ${g.commits} group commits (${(g.changes / Math.max(1, g.commits)).toFixed(1)} per commit), ${g.failures} failed\n`);
  core.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

process.stdout.write(`${JSON.stringify({
  origin: server.origin, consoleToken: server.consoleToken, auth, openMs, quoteId: quote['id'], quoteBody,
  sourceAccountId: source.accountId, agent, card, pid: process.pid,
})}\n`);
