/** A document may be attached to the verification it supports (a KYB check of its holder's customer). */
export const sql = `
ALTER TABLE documents ADD COLUMN verification_id TEXT;
CREATE INDEX documents_verification ON documents (verification_id, created_at);
`;
