/** Where a scenario run happens, as the Scenarios screen offers it and the history tells it. */
export type RunPlace = 'COPY' | 'IN_PLACE' | 'WORKSPACE';

/** The choices of the "Run in" selector, each saying what it does to this workspace. */
export const PLACE_CHOICES: { value: RunPlace; label: string; hint: string }[] = [
  { value: 'COPY', label: 'A throwaway copy', hint: 'Runs in a copy of this workspace that is deleted afterwards: your customers, cards, clock, webhooks and request log stay as they are. Only the run history is kept.' },
  { value: 'IN_PLACE', label: 'This workspace', hint: 'Runs here: the scenarios add their customers and payments, move the test clock and send webhooks. Their calls show in the request log as the scenario\'s.' },
  { value: 'WORKSPACE', label: 'Another workspace', hint: 'Runs in another workspace of this computer (it must not be open elsewhere). This one keeps only the run history.' },
];

/** Where a past run happened, in words. */
export function placeWords(r: { place: string; workspace: string | null }): string {
  return r.place === 'COPY' ? 'in a throwaway copy' : r.place === 'IN_PLACE' ? 'in this workspace' : `in workspace ${r.workspace ?? ''}`;
}
