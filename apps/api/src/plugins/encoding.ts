/**
 * Content-encoding negotiation for the web app's precompressed files: brotli, then gzip,
 * then none, following the client's `accept-encoding` (a coding with q=0 is refused, `*` counts).
 */
export type Coding = 'br' | 'gzip';

export function preferredCoding(acceptEncoding: string | string[] | undefined): Coding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((coding) => weight(coding) > 0);
  if (candidates.length === 0) return null;
  // The higher weight wins; brotli on a tie (smaller).
  return candidates.reduce((best, coding) => (weight(coding) > weight(best) ? coding : best));
}
