/**
 * The global search ranks payments by how close an amount is to what support staff were told ("about
 * 250"). On a million rows the ranking read every candidate row (thousands, scattered over the file) to
 * learn its currency and date; with the currency and the creation time in the amount indexes it reads
 * the indexes alone and fetches only the rows it shows. The new indexes replace the amount-only ones.
 */
export const sql = `
DROP INDEX tx_sent_amount;
DROP INDEX tx_received_amount;
CREATE INDEX tx_sent_amount_ranked ON transactions (sent_amount, sending_currency, created_at);
CREATE INDEX tx_received_amount_ranked ON transactions (received_amount, receiving_currency, created_at);
`;
