/**
 * Two lookups the one-million-transaction benchmark found scanning: a list filtered on status and type
 * together (counting 400,000 matches took seconds with only the single-column indexes), and the request
 * log's pruning, which found each entry's resource links by a scan.
 */
export const sql = `
CREATE INDEX tx_status_type ON transactions (status, type, created_at, id);
CREATE INDEX request_log_resources_seq ON request_log_resources (log_seq);
`;
