import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { apiExchange, invoke } from '../api/client';
import { createPager } from '../lib/pager';
import { blankDraft, draftFromLogged, isReplay, requestOfDraft, type ComposerDraft } from '../lib/composer';
import { exampleFromSchema, listOperations, requestBodyOf, type OpenApiDocument, type OperationEntry } from '../lib/openapi';
import type { BodyProblem } from '../lib/composer-schema';

/** A saved request as the list shows it. */
export type SavedRequest = HandlerOutput<'composer/get'>;
/** A collection of saved requests. */
export type SavedCollection = HandlerOutput<'composer/collections'>['data'][number];

/** Where the draft came from, as the screen says it. */
export interface DraftSource {
  kind: 'blank' | 'log' | 'operation' | 'saved';
  /** The log entry, operation key or saved request id. */
  ref?: string;
  /** For a logged call: who made it (a token id, `console`, a scenario). */
  principal?: string | null;
  /** For a saved request: its name. */
  name?: string;
}

/** The API's answer to the last send, with whether it was an idempotent replay and which log entry it wrote. */
export interface ComposerAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  replay: boolean;
  logId: string | null;
  durationMs: number;
}

/** An API token the composer can send as (never its secret: the console acts as it in-process). */
export interface SendAsToken {
  id: string;
  name: string;
}

/** `sendAs` when the composer sends as the console itself. */
export const AS_CONSOLE = 'console';

/** The response header in which the core names the log entry of the console's own call. */
const LOG_ID_HEADER = 'x-console-log-id';

/**
 * The path with each `{param}` filled by the newest object its collection lists (`/quotes/{quoteId}` reads
 * `GET /quotes?limit=1`), so Try it lands on something that exists; a param without such a list stays.
 */
async function fillPathIds(doc: OpenApiDocument, path: string): Promise<string> {
  const gets = new Set(listOperations(doc).filter((o) => o.method === 'get').map((o) => o.path));
  let filled = path;
  for (const m of path.matchAll(/\{([^}]+)\}/g)) {
    const at = filled.indexOf(m[0]);
    const collection = filled.slice(0, at).replace(/\/$/, '');
    const template = path.slice(0, path.indexOf(m[0])).replace(/\/$/, '');
    if (!gets.has(template) || /\{/.test(collection)) continue;
    const res = await apiExchange({ method: 'GET', path: collection, query: { limit: 1 } });
    const id = (res.body as { data?: { id?: unknown }[] } | null)?.data?.[0]?.id;
    if (res.status === 200 && typeof id === 'string') filled = filled.replace(m[0], id);
  }
  return filled;
}

/** The request composer: the draft, its last answer, and the workspace's saved requests and collections. */
export const useComposerStore = defineStore('composer', () => {
  const draft = ref<ComposerDraft>(blankDraft());
  const source = shallowRef<DraftSource>({ kind: 'blank' });
  const answer = shallowRef<ComposerAnswer | null>(null);
  const problems = shallowRef<BodyProblem[]>([]);
  const sending = ref(false);
  const opening = ref(false);
  /** Who the draft is sent as: the console, or an API token's id (keys replay only for the caller that sent them). */
  const sendAs = ref<string>(AS_CONSOLE);
  const tokens = shallowRef<SendAsToken[]>([]);

  /** Loads the workspace's live API tokens (names and ids only) for the "Sends as" choice. */
  async function loadTokens(): Promise<void> {
    const found: SendAsToken[] = [];
    let cursor: string | undefined;
    // Why every page: the choice must offer each token, and workspaces hold a handful.
    do {
      const res = await apiExchange({ method: 'GET', path: '/tokens', query: { limit: 100, cursor } });
      const page = res.body as { data?: SendAsToken[]; hasMore?: boolean; nextCursor?: string } | null;
      if (res.status !== 200 || !page?.data) break;
      found.push(...page.data.map((t) => ({ id: t.id, name: t.name })));
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor);
    tokens.value = found;
  }

  /** Starts over with an empty draft. */
  function reset(): void {
    draft.value = blankDraft();
    source.value = { kind: 'blank' };
    sendAs.value = AS_CONSOLE;
    answer.value = null;
    problems.value = [];
  }

  async function opened(load: () => Promise<void>): Promise<void> {
    opening.value = true;
    answer.value = null;
    problems.value = [];
    try {
      await load();
    } finally {
      opening.value = false;
    }
  }

  /** Prefills the draft with a logged call (its Idempotency-Key kept by default). */
  function openLogged(id: string): Promise<void> {
    return opened(async () => {
      const call = await invoke('requestLog/get', { id });
      draft.value = draftFromLogged(call);
      source.value = { kind: 'log', ref: id, principal: call.principal };
      // Sent as whoever made the call, so that keeping its key replays it; a call by no live token (an agent,
      // a scenario, a revoked token) goes as the console.
      await loadTokens();
      sendAs.value = tokens.value.some((t) => t.id === call.principal) ? call.principal! : AS_CONSOLE;
    });
  }

  /** Prefills the draft with an operation of the reference: ids that exist in its path, its example body. */
  function openOperation(doc: OpenApiDocument, entry: OperationEntry): Promise<void> {
    return opened(async () => {
      const body = requestBodyOf(doc, entry);
      const example = body?.examples?.[0]?.value ?? (body?.schema ? exampleFromSchema(doc, body.schema) : undefined);
      const method = entry.method.toUpperCase() as ComposerDraft['method'];
      draft.value = {
        ...blankDraft(), method, path: await fillPathIds(doc, entry.path),
        body: example === undefined ? '' : JSON.stringify(example, null, 2), keyChoice: method === 'GET' ? 'none' : 'fresh',
      };
      source.value = { kind: 'operation', ref: entry.key };
    });
  }

  /** Opens a saved request. */
  function openSaved(id: string): Promise<void> {
    return opened(async () => {
      const saved = await invoke('composer/get', { id });
      draft.value = { ...blankDraft(), method: saved.method, path: saved.path, query: saved.query, headers: saved.headers, body: saved.body ?? '', keyChoice: saved.method === 'GET' ? 'none' : 'fresh' };
      source.value = { kind: 'saved', ref: id, name: saved.name };
    });
  }

  /** Sends the draft as `sendAs`; problems found before sending are shown instead. Returns the answer, if sent. */
  async function send(): Promise<ComposerAnswer | null> {
    if (sending.value) return null;
    const built = requestOfDraft(draft.value);
    if (!built.ok) {
      problems.value = built.problems;
      return null;
    }
    problems.value = [];
    sending.value = true;
    const started = performance.now();
    try {
      const res = await apiExchange(sendAs.value === AS_CONSOLE ? built.request : { ...built.request, asToken: sendAs.value });
      answer.value = { status: res.status, headers: res.headers, body: res.body, replay: isReplay(res.headers), logId: res.headers[LOG_ID_HEADER] ?? null, durationMs: Math.round(performance.now() - started) };
      return answer.value;
    } finally {
      sending.value = false;
    }
  }

  const collectionFilter = ref<string | undefined>(undefined);
  const nameFilter = ref('');
  const saved = createPager<SavedRequest>(
    (cursor) => invoke('composer/list', { collectionId: collectionFilter.value, q: nameFilter.value.trim() || undefined, limit: 20, cursor }),
    (r) => r.id,
  );
  const collections = createPager<SavedCollection>((cursor) => invoke('composer/collections', { limit: 50, cursor }), (c) => c.id);

  /** Saves the draft under a name (replacing the saved request it was opened from when `replace`). */
  async function save(name: string, collectionId: string | null, replace: boolean): Promise<HandlerOutput<'composer/save'>> {
    const d = draft.value;
    const id = replace && source.value.kind === 'saved' ? source.value.ref : undefined;
    const result = await invoke('composer/save', { id, name, collectionId, method: d.method, path: d.path, query: d.query, headers: d.headers, body: d.body.trim() ? d.body : null });
    source.value = { kind: 'saved', ref: result.id, name: result.name };
    await Promise.all([saved.reload(), collections.reload()]);
    return result;
  }

  async function changed<T>(run: () => Promise<T>): Promise<T> {
    const out = await run();
    await Promise.all([saved.reload(), collections.reload()]);
    return out;
  }

  return {
    draft, source, answer, problems, sending, opening, sendAs, tokens, loadTokens, reset, openLogged, openOperation, openSaved, send,
    collectionFilter, nameFilter, saved, collections, save,
    rename: (id: string, name: string) => changed(() => invoke('composer/rename', { id, name })),
    move: (id: string, collectionId: string | null) => changed(() => invoke('composer/move', { id, collectionId })),
    remove: (id: string) => changed(() => invoke('composer/delete', { id })),
    createCollection: (name: string) => changed(() => invoke('composer/create-collection', { name })),
    renameCollection: (id: string, name: string) => changed(() => invoke('composer/rename-collection', { id, name })),
    removeCollection: (id: string) => changed(() => invoke('composer/delete-collection', { id })),
  };
});
