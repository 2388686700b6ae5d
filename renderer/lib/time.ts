import { absoluteTime } from '../../core/story/time-words';

/** Which clock an instant was taken on: the workspace's (it can be frozen or advanced) or the real one. */
export type TimeClock = 'workspace' | 'wall';

/** The tooltip of a time: its absolute instant and which clock it is on, e.g. `Workspace time: 2026-01-01 00:05:00 UTC`. */
export function timeTitle(iso: string, clock: TimeClock): string {
  return `${clock === 'wall' ? 'Real time' : 'Workspace time'}: ${absoluteTime(iso)}`;
}

/** The instant and clock to show for something that happened in the real world: its wall time, or its workspace time when none was kept. */
export function realWorldTime(e: { createdAt: string; wallAt?: string | null }): { iso: string; clock: TimeClock } {
  return e.wallAt ? { iso: e.wallAt, clock: 'wall' } : { iso: e.createdAt, clock: 'workspace' };
}

/** "3 min ago" / "in 2 h" for an instant relative to `nowMs` (on the same clock as the instant). */
export function relativeTime(iso: string, nowMs: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = Math.round((nowMs - t) / 1000);
  const abs = Math.abs(diff);
  if (abs < 10) return 'just now';
  const [value, unit] =
    abs < 60 ? [abs, 's'] : abs < 3600 ? [Math.floor(abs / 60), 'min'] : abs < 86_400 ? [Math.floor(abs / 3600), 'h'] : [Math.floor(abs / 86_400), 'd'];
  return diff >= 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`;
}

/** An absolute instant in UTC (shared with the case file, in core/story/time-words.ts). */
export { absoluteTime } from '../../core/story/time-words';

/** Only the time of day (UTC), e.g. `14:03:21`, for dense tables and the clock badge. */
export function timeOfDay(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(11, 19);
}

/** A duration in seconds as people say it: 90 -> `1 min 30 s`. */
export function formatSeconds(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [size, unit] of [[86_400, 'd'], [3600, 'h'], [60, 'min']] as const) {
    if (rest >= size) (parts.push(`${Math.floor(rest / size)} ${unit}`), (rest %= size));
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest} s`);
  return parts.join(' ');
}

/** The `YYYY-MM-DD` of the local calendar day an instant falls on (what a date picker shows). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Local midnight of a `YYYY-MM-DD` day, as a date picker expects it. */
export function localDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
}

/** Whole seconds until `expiresAt` on the workspace clock (0 once it has passed). */
export function secondsLeft(expiresAt: string, nowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - nowMs) / 1000));
}

/** A countdown as `m:ss`, e.g. 299 -> `4:59`. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
