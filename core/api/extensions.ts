// The route groups this service offers that the upstream API does not: the served OpenAPI document marks
// their operations `x-extension: true` (with the reason), so a reader or a generated client can tell
// what will not exist in production. Kept here, by path, so the marking needs no upstream document at run time.

/** One group of our own routes: every operation whose path is `prefix` or below it. */
export interface ExtensionGroup {
  prefix: string;
  why: string;
}

/** Our own route groups (the contract suite checks that every operation outside upstream's is in one). */
export const EXTENSION_GROUPS: readonly ExtensionGroup[] = [
  { prefix: '/openapi.json', why: 'The reference document of this sandbox' },
  { prefix: '/sandbox/clock', why: 'The workspace test clock and its scheduled jobs' },
  { prefix: '/sandbox/workspace', why: 'Workspace snapshots and reset' },
  { prefix: '/sandbox/requests', why: 'The request log' },
  { prefix: '/sandbox/fault-rules', why: 'Fault rules: injected errors, latency and Nth-call failures for rehearsing' },
  { prefix: '/sandbox/transactions/{transactionId}/case', why: 'A case file of one transaction (self-contained HTML) for support staff' },

  { prefix: '/sandbox/webhooks/listen', why: 'Webhook deliveries streamed to a local listener' },
  { prefix: '/sandbox/customers/{customerId}/embedded-wallet', why: 'A sandbox shortcut that provisions an embedded wallet' },
  { prefix: '/end-user-terms', why: 'The published end-user terms page that GET /customers/end-user-terms points to' },
  { prefix: '/card-reveals', why: "The one-time card details page a card reveal's link opens" },
];

/** The group a path belongs to, when it is one of ours alone. */
export function extensionOf(path: string): ExtensionGroup | undefined {
  return EXTENSION_GROUPS.find((g) => path === g.prefix || path.startsWith(`${g.prefix}/`));
}
