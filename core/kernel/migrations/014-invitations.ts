/** UMA invitations: a customer invites someone by a shareable code; the invitee claims it with their UMA address. */
export const sql = `
CREATE TABLE invitations (
  code                 TEXT PRIMARY KEY,
  inviter_customer_id  TEXT NOT NULL REFERENCES customers(id),
  inviter_uma          TEXT NOT NULL,
  invitee_uma          TEXT,
  first_name           TEXT,
  amount               INTEGER,
  currency             TEXT,
  url                  TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED')),
  expires_at           INTEGER,
  claimed_at           INTEGER,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL
);
CREATE INDEX invitations_created ON invitations (created_at, code);
CREATE INDEX invitations_inviter ON invitations (inviter_customer_id, created_at);
`;
