/**
 * CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows, bounded so
 * a huge artifact previews its head instead of freezing the view.
 */

export interface CsvTable {
  rows: string[][];
  /** More rows existed than were read. */
  truncated: boolean;
}

export function parseCsv(text: string, maxRows = 1000, delimiter = ','): CsvTable {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const endRow = () => {
    row.push(field);
    field = '';
    // A trailing newline leaves no empty last row.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++;
      if (rows.length >= maxRows) return { rows, truncated: i < n };
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, truncated: false };
}
