// Window and session hardening: the console shows only its own bundled page, so every navigation,
// popup, webview and permission request is refused, and responses carry a strict CSP.
import { shell, type Session, type WebContents } from 'electron';
import { isAppUrl } from './ipc';

/**
 * The Content-Security-Policy of the console. Scripts only from the app's own files; inline styles are
 * allowed because naive-ui injects its generated CSS as <style> elements; no network at all, since the
 * core is reached over IPC. The renderer's index.html should carry the same policy as a <meta> tag,
 * because Chromium does not run webRequest header hooks for every file:// load.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** True for http(s) URLs, the only kind handed to the system browser. */
export function isExternalHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Denies every permission (camera, notifications, clipboard read ...) and adds the CSP header to every response. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
    callback({ responseHeaders });
  });
}

/**
 * Keeps a webContents on the app's page: navigation away is prevented (a navigated window would keep its
 * preload and thus the bridge), `window.open` is denied (http(s) links open in the system browser
 * instead), and <webview> tags are refused.
 */
export function guardWebContents(contents: WebContents, indexUrl: string): void {
  const blockForeign = (event: { preventDefault(): void; url: string }) => {
    if (!isAppUrl(event.url, indexUrl)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-frame-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttpUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
