import { describe, expect, it } from 'vitest';
import { ordinal, ordinalSuffix } from './ordinal.ts';

describe('ordinalSuffix', () => {
  it('uses st, nd and rd for numbers ending in 1, 2 and 3', () => {
    expect([1, 2, 3, 21, 22, 23, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '21st', '22nd', '23rd', '101st']);
  });
  it('uses th for 11 to 13 and their hundreds', () => {
    expect([11, 12, 13, 111, 112, 113].map(ordinalSuffix)).toEqual(['th', 'th', 'th', 'th', 'th', 'th']);
  });
  it('uses th for the rest', () => {
    expect([0, 4, 9, 10, 14, 20].map(ordinalSuffix)).toEqual(['th', 'th', 'th', 'th', 'th', 'th']);
  });
});
