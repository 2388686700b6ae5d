/**
 * A passkey registration challenge is issued by the platform's backend, not by this service, so the
 * service cannot expire it; it records each one a registration consumed and refuses it a second time.
 */
export const sql = `
CREATE TABLE used_registration_challenges (
  challenge  TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  used_at    INTEGER NOT NULL
);
`;
