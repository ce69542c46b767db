import { safeInternalPath } from '../safe-path.ts';

describe('safeInternalPath', () => {
  it.each(['/worq-trade', '/worq-trade/plan?use_suggestion=1', '/profile/abc/info?tab=2#top', '/connections?x=%C3%A7'])(
    'keeps %s',
    (path) => {
      expect(safeInternalPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'worq-trade',
    '/ space',
    '',
    null,
    undefined,
  ])('refuses %s', (path) => {
    expect(safeInternalPath(path)).toBeNull();
  });
});
