// Why: the request log needs the text of every answer. Reading it back from a Response means cloning
// and re-reading its stream (and, on the node server, giving up its fast path for string bodies), so
// the API's own answers are made here and remember the text they were made from.
const texts = new WeakMap<Response, string>();

/** A Response over a string (or no body) whose text the request log can read without touching its stream. */
export function textResponse(body: string | null, init: ResponseInit): Response {
  const res = new Response(body, init);
  texts.set(res, body ?? '');
  return res;
}

/**
 * A Response whose body the request log must never keep (a page showing a card number): the log reads
 * `logText`, a description, in its place.
 */
export function unloggedResponse(body: string, init: ResponseInit, logText: string): Response {
  const res = new Response(body, init);
  texts.set(res, logText);
  return res;
}

/** The text a Response was made from by `textResponse`; undefined for any other Response. */
export function knownText(res: Response): string | undefined {
  return texts.get(res);
}
