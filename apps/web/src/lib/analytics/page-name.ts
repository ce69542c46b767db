/*
 * Page names for the custom page-view events (specification §9): taken from the matched route
 * pattern, never from the URL, so ids in the path (a customer id, an application id) never reach
 * the analytics service and every visit of a screen counts under one name.
 */

/** `Page "{page_name}" Viewed`. */
export function pageViewEventName(pageName: string): string {
  return `Page "${pageName}" Viewed`;
}

/**
 * The page name of a matched route: its path patterns joined, parameters left out, e.g.
 * ['', 'worq-trade/onboarding', 'summary'] → 'worq-trade/onboarding/summary',
 * ['profile/:id/info'] → 'profile/info'; the sign-in page (`/`) is 'login'.
 */
export function pageNameFor(patterns: ReadonlyArray<string | undefined>): string {
  const segments = patterns
    .flatMap((pattern) => (pattern ?? '').split('/'))
    .filter((segment) => segment !== '' && !segment.startsWith(':'));
  if (segments.length === 0) return 'login';
  if (segments.length === 1 && segments[0] === '*') return 'not-found';
  return segments.map((segment) => (segment === '*' ? 'not-found' : segment)).join('/');
}
