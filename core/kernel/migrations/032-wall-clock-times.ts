/**
 * What happened in the real world keeps its real time beside its workspace time: an API call, a webhook
 * delivery and each attempt at sending it. Why: the workspace clock can be frozen or advanced by days, so a
 * call made a minute ago read "3 d ago" after an advance; the console shows these by the wall clock.
 * Rows written before this migration have no wall time (NULL) and are shown by their workspace time, labelled so.
 */
export const sql = `
ALTER TABLE request_log ADD COLUMN wall_at INTEGER;
ALTER TABLE webhook_deliveries ADD COLUMN wall_at INTEGER;
ALTER TABLE webhook_attempts ADD COLUMN wall_at INTEGER;
`;
