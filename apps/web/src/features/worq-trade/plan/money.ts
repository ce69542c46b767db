/*
 * Money in the plan form: the wire and the maths use integer kuruş; the seller types lira with
 * Turkish grouping ("1.250.000,50"). Display goes through lib/format.ts's formatLira.
 */

const groupingFormatter = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/**
 * What the seller typed, cleaned and regrouped as they type: digits grouped with dots, at most one
 * decimal comma with two digits. A trailing comma stays, so "12," can become "12,5".
 */
export function formatLiraInput(raw: string): string {
  const cleaned = raw.replace(/[^\d,]/g, '');
  const commaAt = cleaned.indexOf(',');
  const wholeDigits = (commaAt === -1 ? cleaned : cleaned.slice(0, commaAt)).replace(/^0+(?=\d)/, '');
  const whole = wholeDigits === '' ? (commaAt === -1 ? '' : '0') : groupingFormatter.format(Number(wholeDigits));
  if (commaAt === -1) return whole;
  const fraction = cleaned
    .slice(commaAt + 1)
    .replace(/,/g, '')
    .slice(0, 2);
  return `${whole},${fraction}`;
}

/** "1.250.000,50" → 125000050 kuruş; empty or unreadable text → null. */
export function parseLiraInput(text: string): number | null {
  const cleaned = text.replace(/\./g, '').replace(/\s/g, '');
  if (!/^\d+(,\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split(',');
  const kurus = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kurus) ? kurus : null;
}

/** 125000050 kuruş → "1.250.000,50" (the input's own writing). */
export function kurusToLiraInput(kurus: number): string {
  const whole = Math.trunc(kurus / 100);
  const fraction = kurus % 100;
  const grouped = groupingFormatter.format(whole);
  return fraction === 0 ? grouped : `${grouped},${String(fraction).padStart(2, '0')}`;
}
