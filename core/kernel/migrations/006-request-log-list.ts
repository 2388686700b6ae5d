/**
 * The request log's list reads only small columns, but each row also holds its headers and bodies (up
 * to 64 KiB each), so a filtered page or count had to walk every large row: 20-30 ms at 10,000 calls
 * and linear in the log (`npm run bench`, request-log figures). This narrow index holds, in the list's
 * order, every column a filter tests: filtered counts and pages scan it instead of the table.
 */
export const sql = `
CREATE INDEX request_log_filters ON request_log (seq, method, status, source, error_code, created_at, path);
`;
