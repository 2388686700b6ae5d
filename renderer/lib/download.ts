/**
 * Hands text to the browser as a file download (the browser console's way to save a case file). Why an
 * object URL and a detached link: no page navigation, nothing sent anywhere, and the URL is revoked once
 * the click has been handled.
 */
export function downloadText(text: string, fileName: string, type: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The case file's name, shared with the desktop app's save dialog. */
export { caseFileName } from '../../core/case-file/file-name';
