/**
 * An idempotency key still "in progress" after a crash used to answer 409 for ever. Each row now names
 * the process (boot) that started it, so a later process can tell a running request from an abandoned one.
 */
export const sql = `
ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
`;
