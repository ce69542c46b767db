import { serializeQuery } from '../query-string.ts';

describe('serializeQuery', () => {
  it('repeats the key for each value of a list', () => {
    expect(serializeQuery({ status: ['active', 'disabled'], page: 2 })).toBe('status=active&status=disabled&page=2');
  });

  it('encodes keys and values, Turkish letters and reserved characters included', () => {
    expect(serializeQuery({ 'q name': 'Çağla & Şükrü', filter: 'a=b/c?d#e+f' })).toBe(
      'q%20name=%C3%87a%C4%9Fla%20%26%20%C5%9E%C3%BCkr%C3%BC&filter=a%3Db%2Fc%3Fd%23e%2Bf',
    );
  });

  it('leaves out undefined and null, alone or inside a list', () => {
    expect(serializeQuery({ a: undefined, b: null, c: ['x', null, undefined, 'y'], d: '' })).toBe('c=x&c=y&d=');
  });

  it('writes booleans, zero and dates as text', () => {
    expect(serializeQuery({ sandbox: false, count: 0, since: new Date('2026-11-22T10:00:00.000Z') })).toBe(
      'sandbox=false&count=0&since=2026-11-22T10%3A00%3A00.000Z',
    );
  });

  it('gives an empty string for no parameters or an empty list', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery({ status: [] })).toBe('');
  });

  it('refuses nested objects rather than sending "[object Object]"', () => {
    expect(() => serializeQuery({ filter: { status: 'active' } })).toThrow(TypeError);
  });
});
