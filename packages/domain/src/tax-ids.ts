/** Turkish tax number (VKN, 10 digits) and national ID (TCKN, 11 digits) with their checksums. */
import type { MessageKey } from './messages.ts';

export function isValidTaxNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const shifted = (digits[i]! + 9 - i) % 10;
    let weighted = (shifted * 2 ** (9 - i)) % 9;
    if (shifted !== 0 && weighted === 0) weighted = 9;
    sum += weighted;
  }
  return (10 - (sum % 10)) % 10 === digits[9];
}

export function isValidNationalId(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== d[9]) return false;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return eleventh === d[10];
}

/** Why a tax number is refused, or null when it is a valid VKN. */
export function taxNumberProblem(value: string): MessageKey | null {
  if (!/^\d{10}$/.test(value)) return 'tax_number_digits';
  return isValidTaxNumber(value) ? null : 'invalid_tax_number';
}

/** Why a national id is refused, or null when it is a valid TCKN. */
export function nationalIdProblem(value: string): MessageKey | null {
  if (!/^\d{11}$/.test(value)) return 'national_id_digits';
  return isValidNationalId(value) ? null : 'invalid_national_id';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) in the past, not before 1900. */
export function isPlausibleBirthDate(value: string, now = new Date()): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1900 && date < now;
}
