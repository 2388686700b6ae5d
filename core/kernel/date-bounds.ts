// List filters on creation or update time. Upstream's command-line client documents date-only values
// (startDate=2026-11-01), so a bare date is accepted beside a full ISO 8601 date-time and read in UTC:
// a lower bound is the first instant of its day, an upper bound the last (inclusive), so
// endDate=2026-11-30 keeps a transaction made at 23:59:59 on the 30th.
import { z } from 'zod';

const DATE_ONLY = z.iso.date();
const DATE_TIME = z.iso.datetime({ offset: true });
const MESSAGE = 'must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z, or a date such as 2026-11-01 (a UTC day)';

function bound(edge: 'start' | 'end', description: string) {
  return z.string()
    .refine((v) => DATE_ONLY.safeParse(v).success || DATE_TIME.safeParse(v).success, { message: MESSAGE })
    .transform((v) => (DATE_ONLY.safeParse(v).success ? `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : v))
    .meta({ description: `${description}; a date alone means ${edge === 'start' ? 'the start' : 'the end'} of that UTC day`, example: '2026-11-01' });
}

/** A lower time bound of a list filter (inclusive): a date-time, or a date meaning 00:00:00.000 UTC of that day. */
export const fromBound = (description = 'At or after (inclusive)') => bound('start', description);

/** An upper time bound of a list filter (inclusive): a date-time, or a date meaning 23:59:59.999 UTC of that day. */
export const toBound = (description = 'At or before (inclusive)') => bound('end', description);
