import { describe, expect, it } from 'vitest';
import { isValidNationalId, isValidTaxNumber } from './tax-ids.ts';

describe('tax number (VKN)', () => {
  it('accepts numbers whose check digit matches', () => {
    expect(isValidTaxNumber('1234567890')).toBe(true);
    expect(isValidTaxNumber('0000000001')).toBe(true);
  });
  it('refuses a wrong check digit or a wrong length', () => {
    expect(isValidTaxNumber('1234567891')).toBe(false);
    expect(isValidTaxNumber('0000000000')).toBe(false);
    expect(isValidTaxNumber('123456789')).toBe(false);
    expect(isValidTaxNumber('12345678901')).toBe(false);
  });
});

describe('national ID (TCKN)', () => {
  it('accepts a valid number', () => {
    expect(isValidNationalId('10000000146')).toBe(true);
  });
  it('refuses wrong checksums, a leading zero and wrong lengths', () => {
    expect(isValidNationalId('10000000147')).toBe(false);
    expect(isValidNationalId('10000000156')).toBe(false);
    expect(isValidNationalId('01000000146')).toBe(false);
    expect(isValidNationalId('1000000014')).toBe(false);
  });
});
