// @vitest-environment node
import { renderSignInPage, inert } from '../src/prerender/sign-in-page.tsx';
import { withPrerender } from './prerender.ts';

const builtIndex =
  '<!doctype html><html lang="tr"><head><title>x</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('pre-rendered sign-in page', () => {
  it('renders the Turkish sign-in tab with both fields, none of them taking input', async () => {
    const markup = await renderSignInPage();
    expect(markup).toContain('<h1');
    expect(markup).toContain('Tekrar hoş geldiniz');
    expect(markup).toMatch(/<input readonly=""[^>]*name="email"/);
    expect(markup).toMatch(/<input readonly=""[^>]*name="password"/);
    expect(markup.match(/<input\b/g)?.length).toBe(markup.match(/<input readonly=""/g)?.length);
    // Without its script a submit button would send the password in the address.
    expect(markup).not.toContain('type="submit"');
    expect(markup).toContain('role="tablist"');
  });

  it('makes fields read-only and submit buttons plain', () => {
    expect(inert('<form><input name="a"/><button class="x" type="submit">Go</button></form>')).toBe(
      '<form><input readonly="" name="a"/><button class="x" type="button">Go</button></form>',
    );
  });

  it('puts the markup into an inert #root and the route stylesheet into the head', () => {
    const page = withPrerender(builtIndex, '<main>hello $& $1</main>', '.a{color:red}');
    expect(page).toContain('<div id="root" data-prerendered="sign-in" inert><main>hello $& $1</main></div>');
    expect(page.indexOf('<style data-prerendered>.a{color:red}')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain("[data-theme='dark'] #root[data-prerendered] [role='switch'] svg { visibility: hidden; }");
  });

  it('refuses a page whose #root is not the empty one the build writes', () => {
    expect(() => withPrerender(builtIndex.replace('<div id="root"></div>', '<div id="app"></div>'), 'x', '')).toThrow(/#root/);
  });
});
