import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes rows with CRLF line ends, a final CRLF, and null as an empty cell', () => {
    expect(
      toCsv([
        ['Date', 'Revenue', 'Orders'],
        ['01/11/2026', 123.45, null],
      ]),
    ).toBe('Date,Revenue,Orders\r\n01/11/2026,123.45,\r\n');
    expect(toCsv([])).toBe('');
  });

  it('quotes only the cells that need it: the delimiter, quotes, line breaks, edge spaces', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', ' padded', 'plain']])).toBe('"a,b","say ""hi""","two\nlines"," padded",plain\r\n');
    expect(toCsv([['a;b', 'a,b']], { delimiter: ';' })).toBe('"a;b";a,b\r\n');
  });

  it('keeps Turkish letters as they are and puts a BOM first when asked', () => {
    expect(toCsv([['Sipariş', 'Çağrı Işık ğüşiöç İ']], { delimiter: ';', bom: true })).toBe('\uFEFFSipariş;Çağrı Işık ğüşiöç İ\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']])).toBe(
      `"'=HYPERLINK(""x"")","'+1","'-2+3","'@SUM(A1)","'\tx","'\rx"\r\n`,
    );
  });

  it('leaves negative numbers alone, as number cells and as plain numeric text', () => {
    expect(toCsv([[-12.5, '-12.5', '-12,50', '-7']], { delimiter: ';' })).toBe('-12.5;-12.5;-12,50;-7\r\n');
    expect(toCsv([['-12.5e3', '- 1']])).toBe(`"'-12.5e3","'- 1"\r\n`);
  });
});
