/** `%text%` for ILIKE, with the caller's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The digits of a phone search as stored (5XXXXXXXXX): without +90 or a leading 0. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('90')) return digits.slice(2);
  return digits.startsWith('0') ? digits.slice(1) : digits;
}
