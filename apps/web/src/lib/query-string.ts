/*
 * Query strings for the API client (specification §7): arrays repeat their key (`a=1&a=2`), the
 * behaviour of qs with `arrayFormat: 'repeat'`, without qs's weight on the first page
 * (docs/decisions/003-query-serializer-without-qs.md). The API only takes flat parameters.
 */

type QueryValue = string | number | boolean | bigint | Date | null | undefined;

function encodeValue(value: Exclude<QueryValue, null | undefined>): string {
  return encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
}

/** `undefined` and `null` (also inside arrays) are left out, as qs does with `skipNulls`. */
export function serializeQuery(params: Record<string, unknown> | undefined | null): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'object' && !(value instanceof Date)) {
        throw new TypeError(`Query parameter "${key}" must be a plain value or a list of plain values`);
      }
      parts.push(`${encodeURIComponent(key)}=${encodeValue(value as Exclude<QueryValue, null | undefined>)}`);
    }
  }
  return parts.join('&');
}
