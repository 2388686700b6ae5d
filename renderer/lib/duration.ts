/** The outcome of parsing a typed duration. */
export type ParsedDuration = { ok: true; seconds: number } | { ok: false; error: string };

const UNITS: Record<string, number> = {
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60,
  h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600,
  d: 86_400, day: 86_400, days: 86_400,
  w: 604_800, week: 604_800, weeks: 604_800,
};

/** The longest advance the clock accepts (the API's limit): one leap year. */
export const MAX_ADVANCE_SECONDS = 366 * 86_400;

/**
 * Parses a duration as people type it: `90` (seconds), `90s`, `5m`, `1h 30m`, `2 days`, `1d12h`,
 * `1.5h`. Every part needs a number and a known unit (a bare number means seconds).
 */
export function parseDuration(text: string): ParsedDuration {
  const input = text.trim().toLowerCase();
  if (input === '') return { ok: false, error: 'Type a duration such as 90s, 5m, 1h 30m or 2d' };
  if (/^\d+(\.\d+)?$/.test(input)) return bounded(Number(input));
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*,?\s*/gy;
  let seconds = 0;
  let consumed = 0;
  for (let m = part.exec(input); m; m = part.exec(input)) {
    const unit = UNITS[m[2]!];
    if (unit === undefined) return { ok: false, error: `"${m[2]}" is not a unit: use s, m, h, d or w` };
    seconds += Number(m[1]) * unit;
    consumed = part.lastIndex;
  }
  if (consumed !== input.length) return { ok: false, error: 'Type a duration such as 90s, 5m, 1h 30m or 2d' };
  return bounded(seconds);
}

function bounded(seconds: number): ParsedDuration {
  if (!(seconds > 0)) return { ok: false, error: 'The duration must be more than zero' };
  if (seconds > MAX_ADVANCE_SECONDS) return { ok: false, error: 'The clock advances at most one year at a time' };
  return { ok: true, seconds: Math.round(seconds * 1000) / 1000 };
}
