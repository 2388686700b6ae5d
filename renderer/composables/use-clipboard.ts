import { useFeedback } from './use-feedback';

/** Copies text to the clipboard and says so (or says why it could not). */
export function useClipboard() {
  const feedback = useFeedback();
  /** Copies `text`; `what` names it in the confirmation ("Copied client id"). */
  async function copy(text: string, what = 'text'): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      feedback.success(`Copied ${what}`);
    } catch (err) {
      feedback.error(err, 'Could not copy to the clipboard');
    }
  }
  return { copy };
}
