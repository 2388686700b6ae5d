/**
 * A keyed request that works in several transactions (the clock advance in slices) notes where it is
 * going under its key before its first write, so a retry after a crash finishes that work instead of
 * starting it again.
 */
export const sql = `
ALTER TABLE idempotency_keys ADD COLUMN progress TEXT;
`;
