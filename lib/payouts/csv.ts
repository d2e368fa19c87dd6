// Minimal RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends. Pure.

/** One field, quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return values.map(csvField).join(',');
}

/** Rows of fields with the 1-based line where each row starts. Throws on an unterminated quote. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new Error(`line ${rowLine}: a quoted field is not closed`);
  fields.push(field);
  if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
  return rows;
}
