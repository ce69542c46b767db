/**
 * The consent pages of the OAuth sandboxes (Amazon's Seller Central, an Ideasoft store's panel):
 * one page frame in each marketplace's colours. They work under the app's Content-Security-Policy:
 * no scripts, plain links, the style inline.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The callback a consent page may send the browser back to: only the app's own callback page
 * (`/amazon-callback` …) on the origin of PUBLIC_URL (`publicUrl`), so the page is no open redirect
 * and hands its code to nobody else. Without a PUBLIC_URL nothing is allowed.
 */
export function callbackUrl(raw: string | undefined, callbackPath: string, publicUrl: string | undefined): URL | null {
  if (!raw || !publicUrl) return null;
  try {
    const url = new URL(raw);
    const allowed = new URL(publicUrl);
    const sameOrigin = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === allowed.origin;
    return sameOrigin && url.pathname.endsWith(callbackPath) && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** A marketplace's look: its fonts and colours (CSS values) and the page's header. */
export interface ConsentPageTheme {
  lang: string;
  /** The header's HTML. */
  header: string;
  font: string;
  background: string;
  text: string;
  headerBackground: string;
  /** Rules of the header's own parts, if any. */
  headerParts?: string;
  panelBorder: string;
  note: string;
  buttonRadius: string;
  buttonBorder: string;
  /** The primary button's colours (declarations). */
  primaryButton: string;
  focus: string;
  error: string;
}

function style(theme: ConsentPageTheme): string {
  return `
  body { margin: 0; font-family: ${theme.font}; background: ${theme.background}; color: ${theme.text}; }
  header { background: ${theme.headerBackground}; color: #fff; padding: 14px 24px; font-size: 18px; font-weight: 700; }
${theme.headerParts ? `  ${theme.headerParts}\n` : ''}  main { max-width: 560px; margin: 40px auto; background: #fff; border: 1px solid ${theme.panelBorder}; border-radius: 8px; padding: 28px 32px; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  p { line-height: 1.5; margin: 0 0 12px; }
  ul { margin: 0 0 20px; padding-left: 20px; line-height: 1.6; }
  .note { font-size: 13px; color: ${theme.note}; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  .button { display: inline-block; padding: 10px 22px; border-radius: ${theme.buttonRadius}; text-decoration: none; font-size: 15px; border: 1px solid ${theme.buttonBorder}; color: ${theme.text}; background: #fff; }
  .button.primary { ${theme.primaryButton} font-weight: 700; }
  .button:focus-visible { outline: 3px solid ${theme.focus}; outline-offset: 2px; }
  .error { color: ${theme.error}; }
`;
}

/** A whole page in the marketplace's look; `content` is HTML, `title` text. */
export function themedPage(theme: ConsentPageTheme, title: string, content: string): string {
  return `<!doctype html>
<html lang="${theme.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style(theme)}</style></head>
<body><header>${theme.header}</header><main>${content}</main></body>
</html>`;
}
