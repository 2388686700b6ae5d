/**
 * The console URL of a route: the page's address up to the hash, then the router's `href` for it
 * (`#/transactions/Transaction:…?status=FAILED`). The bridge token never goes in: a link is handed on,
 * and a token in it would travel into chats and tickets (the serve host asks for it per tab).
 */
export function consoleLink(location: Pick<Location, 'href'>, routeHref: string): string {
  const url = new URL(location.href);
  url.searchParams.delete('token');
  url.hash = '';
  const page = url.href.replace(/#$/, '');
  return routeHref.startsWith('#') ? `${page}${routeHref}` : new URL(routeHref, page).href;
}

/** The route path a pasted console link points to (`/transactions/Transaction:…`), or null when the text is not one. */
export function routeOfLink(text: string): string | null {
  const m = /^(?:[a-z]+:\/\/\S*?)?#(\/\S*)$/i.exec(text.trim());
  return m?.[1] ?? null;
}
