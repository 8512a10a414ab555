/**
 * safeText makes a text cell safe to open in a spreadsheet (OWASP "CSV injection"), as
 * the server's csvcell package does for every CSV it writes: a cell that begins with =, +,
 * -, @, a tab or a carriage return is prefixed with an apostrophe, unless it is a plain
 * decimal number, which a spreadsheet reads as that number.
 */
export function safeText(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? "'" + s : s;
}

/**
 * csvText writes a header and rows as CSV (RFC 4180: a cell with a comma, quote or
 * line break is quoted, quotes doubled), with a BOM so that spreadsheet programs
 * read it as UTF-8, and CRLF line ends like the server's exports. Numbers are written
 * as numbers; every other cell is text made safe by safeText.
 */
export function csvText(columns: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : safeText(String(v));
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  };
  return '\uFEFF' + [columns, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** saveFile hands text to the browser as a file download. */
export function saveFile(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
