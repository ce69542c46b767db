/** Query parameter naming where to go once a detour (phone verification) is done. */
export const nextParam = 'next';

/**
 * A path inside this app that is safe to navigate to after a detour (phone verification, a consent
 * page): it starts with one `/`, has no backslash or whitespace, and stays on this origin. Anything
 * else (`//evil.example`, `/\evil`, `https:…`, `javascript:…`) gives null: no open redirect.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])[^\s\\]*$/.test(value)) return null;
  const base = 'https://app.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
