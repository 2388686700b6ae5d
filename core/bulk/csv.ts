/**
 * A small RFC 4180 reader: comma-separated fields, double-quoted fields that may hold commas, line
 * breaks and doubled quotes, CRLF or LF line ends, a leading byte-order mark ignored. Returns the
 * records, or the line of the first malformed quote.
 */
export function parseCsv(text: string): { ok: true; records: string[][] } | { ok: false; line: number; message: string } {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  const endField = () => { record.push(field); field = ''; };
  const endRecord = () => {
    endField();
    // Blank lines (a lone empty field) are skipped: spreadsheets often leave one at the end.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false;
        i++;
        if (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') return { ok: false, line, message: 'a closing quote must end its field' };
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"') {
      if (field !== '') return { ok: false, line, message: 'a quote may only open a field' };
      quoted = true;
    } else if (ch === ',') {
      endField();
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      if (ch === '\r' && src[i + 1] === '\n') i++;
      line++;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) return { ok: false, line, message: 'a quoted field is never closed' };
  if (field !== '' || record.length) endRecord();
  return { ok: true, records };
}
