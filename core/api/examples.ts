import type { Contract } from './contract';
import type { Examples } from './openapi';

/** Calls the API of a seeded example workspace (GET only) and returns the status and parsed body. */
export type ExampleCall = (path: string) => Promise<{ status: number; body: unknown }>;

function firstId(body: unknown): string | undefined {
  const data = (body as { data?: { id?: unknown }[] } | null)?.data;
  const id = Array.isArray(data) ? data[0]?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Response examples for the document, taken from a freshly seeded workspace: every GET without path
 * parameters is called as is, and a GET with one path parameter reuses the first id of the list at
 * its parent path (`/customers/{customerId}` from `/customers`). Only 200 answers become examples,
 * so an example is always a real answer of this code.
 */
export async function collectExamples(contract: Contract, call: ExampleCall): Promise<Examples> {
  const examples: Examples = {};
  const listBodies = new Map<string, unknown>();
  // Only JSON answers make examples: a route without a 200 schema (an event stream) is never called, it would not end.
  const gets = Object.entries(contract).filter(([, r]) => r.method === 'get' && r.permission !== 'PUBLIC' && r.responses[200]?.schema !== undefined);
  for (const [name, route] of gets.filter(([, r]) => !r.path.includes('{'))) {
    const res = await call(route.path);
    if (res.status !== 200) continue;
    listBodies.set(route.path, res.body);
    examples[name] = { 200: res.body };
  }
  for (const [name, route] of gets.filter(([, r]) => (r.path.match(/\{/g) ?? []).length === 1)) {
    const m = /^(.*)\/\{[^}]+\}$/.exec(route.path);
    const id = m ? firstId(listBodies.get(m[1]!)) : undefined;
    if (!id) continue;
    const res = await call(route.path.replace(/\{[^}]+\}/, encodeURIComponent(id)));
    if (res.status === 200) examples[name] = { 200: res.body };
  }
  return examples;
}
