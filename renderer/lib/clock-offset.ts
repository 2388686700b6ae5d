/** Below this gap the workspace clock counts as "at now" (a frozen clock drifts a second per second). */
export const AT_NOW_MS = 60_000;

/** How far the workspace clock stands from real time, in words. */
export interface ClockOffset {
  atNow: boolean;
  /** "3 d ahead", "2 h behind" (empty at now). */
  words: string;
}

/** A gap as people say it, in its largest unit or two: 3 d, 2 h 5 min, 45 min, 30 s. */
export function gapWords(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return `${m} min`;
  return `${s} s`;
}

/** Where the workspace time `workspaceMs` stands against real time `wallMs`. */
export function clockOffset(workspaceMs: number, wallMs: number): ClockOffset {
  const diff = workspaceMs - wallMs;
  if (Math.abs(diff) < AT_NOW_MS) return { atNow: true, words: '' };
  return { atNow: false, words: `${gapWords(diff)} ${diff > 0 ? 'ahead' : 'behind'}` };
}
