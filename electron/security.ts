// Window and session hardening: the console shows only its own bundled page, so every navigation,
// popup, webview and permission request is refused, and responses carry a strict CSP.
import { shell, type Session, type WebContents } from 'electron';
import { isAppUrl } from './ipc';

/**
 * The Content-Security-Policy of the console. Scripts only from the app's own files; inline styles are
 * allowed because naive-ui injects its generated CSS as <style> elements; no network at all, since the
 * core is reached over IPC. Written as one literal (here and in `hardenSession`, where a test keeps the
 * two equal) so that electronegativity's CSP check can read and evaluate it.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; frame-ancestors 'none'";

/**
 * The only origins whose links the console shows and may hand to the system browser. The console links
 * nowhere outside itself today, so the list is empty and every external link is refused; add an origin
 * here in the same change that makes the console show a link to it.
 */
export const EXTERNAL_LINK_ORIGINS: readonly string[] = [];

/** True for an https URL (no credentials in it) on one of `allowed` origins: the only URLs handed to the system browser. */
export function isAllowedExternalUrl(url: string, allowed: readonly string[] = EXTERNAL_LINK_ORIGINS): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password && allowed.includes(parsed.origin);
  } catch {
    return false;
  }
}

/** Opens `url` in the system browser when `isAllowedExternalUrl` accepts it; returns whether it did. */
export function openExternalLink(url: string, allowed: readonly string[] = EXTERNAL_LINK_ORIGINS): boolean {
  if (!isAllowedExternalUrl(url, allowed)) return false;
  void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK -- reviewed: only https URLs on EXTERNAL_LINK_ORIGINS get here (isAllowedExternalUrl above)
  return true;
}

/**
 * The permissions the console's own page is granted: writing text to the clipboard (its Copy buttons).
 * Everything else, and anything asked by another page, is denied.
 */
export const GRANTED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

/** True when `permission` asked by the page at `requestingUrl` is granted (see GRANTED_PERMISSIONS). */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, indexUrl: string): boolean {
  return GRANTED_PERMISSIONS.includes(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl, indexUrl);
}

/**
 * Denies every permission but the console page's clipboard writes, lets only the page's own blob:
 * downloads (Download openapi.json) through, and adds the CSP header to every response.
 */
export function hardenSession(session: Session, indexUrl: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(isPermissionGranted(permission, details.requestingUrl, indexUrl)));
  session.setPermissionCheckHandler((_contents, permission, _origin, details) => isPermissionGranted(permission, details.requestingUrl, indexUrl));
  session.on('will-download', (event, item) => {
    if (!item.getURL().startsWith('blob:')) event.preventDefault();
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { // eng-disable CSP_GLOBAL_CHECK -- reviewed: the one finding is "'self' in script-src can be problematic if you host JSONP, Angular or user uploaded files"; 'self' is the app's own bundled files, which hold none of those (test/electron/electronegativity.test.ts keeps the evaluator's findings to exactly that one)
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; frame-ancestors 'none'",
        ],
      },
    });
  });
}

const guarded = new WeakSet<WebContents>();

/**
 * Keeps a webContents on the app's page: navigation away is prevented (a navigated window would keep its
 * preload and thus the bridge), `window.open` is denied (allowed https links open in the system browser
 * instead), and <webview> tags are refused.
 */
export function guardWebContents(contents: WebContents, indexUrl: string, allowedLinks: readonly string[] = EXTERNAL_LINK_ORIGINS): void {
  if (guarded.has(contents)) return; // guarded once, so an allowed link never opens twice
  guarded.add(contents);
  const blockForeign = (event: { preventDefault(): void; url: string }) => {
    if (isAppUrl(event.url, indexUrl)) return;
    event.preventDefault();
    openExternalLink(event.url, allowedLinks);
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, indexUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, indexUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalLink(url, allowedLinks);
    return { action: 'deny' };
  });
}
