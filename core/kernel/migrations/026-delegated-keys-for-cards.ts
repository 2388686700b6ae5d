/**
 * Delegated keys as upstream's contract has them: the server generates the key pair for a card and the
 * embedded wallet that funds it, so a key now names its card and its funding source and the server keeps
 * the private scalar (as it keeps the webhook signing key) to stamp that card's wallet debits. Keys of
 * the older client-supplied flow name no card and can sign nothing here; they are revoked, and kept.
 */
export const sql = `
ALTER TABLE delegated_keys ADD COLUMN card_id TEXT;
ALTER TABLE delegated_keys ADD COLUMN funding_source_id TEXT;
ALTER TABLE delegated_keys ADD COLUMN private_key TEXT;
UPDATE delegated_keys SET status = 'REVOKED', revoked_at = coalesce(revoked_at, updated_at) WHERE card_id IS NULL AND status = 'ACTIVE';
CREATE INDEX delegated_keys_card ON delegated_keys (card_id, account_id, created_at, id);
`;
