/*
 * One CSV writer for the web's downloads and the API's exports (decision 019): Papa Parse's unparse,
 * which quotes a cell only when it must (a delimiter, a quote, a line break, edge spaces).
 */
import Papa from 'papaparse';

export type CsvCell = string | number | null;

export interface CsvOptions {
  /** `,` by default; `;` for Turkish Excel, which reads `,` as the decimal separator. */
  delimiter?: ',' | ';';
  /** A UTF-8 byte order mark first, so that Excel reads Turkish letters as UTF-8. */
  bom?: boolean;
}

/**
 * Text that a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with =, +, -, @,
 * a tab or a carriage return. Such a cell gets a leading apostrophe. A number cell never does, nor a
 * text that is only a number (`-12.5`, `-12,50` as Turkish Excel writes it): a spreadsheet reads it
 * as a number and runs nothing.
 */
const formulaLike = /^(?!-\d+(?:[.,]\d+)?$)[=+\-@\t\r]/;

/** Rows (the header row first) as CSV: CRLF line ends, a final CRLF, null as an empty cell. */
export function toCsv(rows: readonly (readonly CsvCell[])[], { delimiter = ',', bom = false }: CsvOptions = {}): string {
  const body = Papa.unparse(rows as CsvCell[][], { delimiter, newline: '\r\n', quotes: false, escapeFormulae: formulaLike });
  return `${bom ? '\uFEFF' : ''}${body}${rows.length > 0 ? '\r\n' : ''}`;
}
