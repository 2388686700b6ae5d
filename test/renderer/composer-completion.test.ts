// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/index';
import { asOpenApiDocument, listOperations, requestBodyOf, type OpenApiDocument, type Reference, type SchemaObject } from '../../renderer/lib/openapi';
import { cursorContext, jsonProblem, suggest, validateBody } from '../../renderer/lib/composer-schema';
import { requestOfDraft, blankDraft } from '../../renderer/lib/composer';

// Completion and validation against the document this code serves (not a hand-written one), so a change of
// the quote request's schema shows here.
let core: Core;
let doc: OpenApiDocument;
let quoteBody: SchemaObject | Reference | undefined;

beforeAll(async () => {
  core = createCore({ dbPath: ':memory:', clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00.000Z' } });
  doc = asOpenApiDocument((await core.callApi({ method: 'GET', path: '/openapi.json' })).body);
  const op = listOperations(doc).find((o) => o.method === 'post' && o.path === '/quotes')!;
  quoteBody = requestBodyOf(doc, op)!.schema;
});
afterAll(() => core?.close());

/** Suggestions at the `|` of a text. */
function at(text: string) {
  const offset = text.indexOf('|');
  return suggest(doc, quoteBody, text.replace('|', ''), offset);
}

describe('the composer body completion', () => {
  it('reads where the cursor is: the container path, key or value, and what was typed', () => {
    expect(cursorContext('{"source": {"sourceType": "AC', 29)).toEqual({ path: ['source'], expecting: 'value', key: 'sourceType', partial: 'AC', inString: true });
    expect(cursorContext('{"a": [1, {"b": 2}, ', 20)).toMatchObject({ path: ['a', 2], expecting: 'value' });
    expect(cursorContext('{"a": 1, "lo', 12)).toMatchObject({ path: [], expecting: 'key', partial: 'lo', inString: true });
  });

  it('offers the request schema’s property names, filtered by what was typed, required ones said so', () => {
    const top = at('{\n  |\n}');
    expect(top.map((s) => s.label)).toEqual(expect.arrayContaining(['source', 'destination', 'lockedCurrencySide', 'lockedCurrencyAmount', 'description']));
    expect(top.find((s) => s.label === 'source')!.detail).toContain('required');
    expect(top.find((s) => s.label === 'description')!.detail).toContain('optional');
    expect(at('{ "lock|').map((s) => [s.label, s.insert])).toEqual([['lockedCurrencySide', 'lockedCurrencySide": '], ['lockedCurrencyAmount', 'lockedCurrencyAmount": ']]);
  });

  it('offers a nested object’s own properties and an enum’s values', () => {
    expect(at('{ "source": { | } }').map((s) => s.label)).toContain('sourceType');
    expect(at('{ "lockedCurrencySide": |').map((s) => s.insert)).toEqual(['"SENDING"', '"RECEIVING"']);
    expect(at('{ "lockedCurrencySide": "R|').map((s) => s.insert)).toEqual(['RECEIVING"']);
    expect(at('{ "immediatelyExecute": |').map((s) => s.label)).toEqual(['true', 'false']);
  });
});

describe('the composer body validation', () => {
  it('accepts a body the API accepts', () => {
    const body = { source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' }, destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 };
    expect(validateBody(doc, quoteBody, body)).toEqual([]);
  });

  it('says in words what is missing, misspelt, of the wrong kind or not in the list', () => {
    const problems = validateBody(doc, quoteBody, { source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' }, lockedCurrencySide: 'BOTH', lockedCurrencyAmount: '10', descripton: 'x' });
    expect(problems).toEqual(expect.arrayContaining([
      { where: 'destination', message: 'is required' },
      { where: 'lockedCurrencySide', message: 'should be one of SENDING, RECEIVING' },
      { where: 'lockedCurrencyAmount', message: 'should be a whole number, not text' },
      expect.objectContaining({ where: 'descripton', message: expect.stringMatching(/^is not a field here \(expected: source, destination/) }),
    ]));
    expect(validateBody(doc, quoteBody, { source: {}, destination: {}, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 0 })).toEqual(expect.arrayContaining([{ where: 'lockedCurrencyAmount', message: 'must be more than 0' }]));
  });

  it('says where a body stops being JSON, and the draft is not sent', () => {
    expect(jsonProblem('{\n  "a": 1,\n  "b" 2\n}')).toEqual({ where: 'the body', message: expect.stringMatching(/^is not JSON at line 3, column 7/) });
    const sent = requestOfDraft({ ...blankDraft(), method: 'POST', path: '/quotes/{quoteId}/execute', body: '{"a":' });
    expect(sent.ok).toBe(false);
    expect(!sent.ok && sent.problems.map((p) => p.where)).toEqual(['the path', 'the body']);
  });
});
