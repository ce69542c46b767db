/**
 * CSV cells for spreadsheets (RFC 4180 quoting, CRLF line ends). Text that a spreadsheet would run
 * as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe;
 * numbers stay numbers. Interim: the project's one CSV writer (issue 37) replaces this file.
 */
export type CsvCell = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  const text = rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
  return options.bom ? `\uFEFF${text}` : text;
}
