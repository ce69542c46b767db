/*
 * The sign-in page (`/`) as static HTML, rendered at build time (build/prerender.ts) and put into
 * index.html, so a first visit paints the page as soon as the HTML and its stylesheets arrive
 * instead of after the entry script, the route's chunks and the texts (issue 14). Turkish, light
 * theme, sign-in tab: what a first visit sees. public/theme-boot.js hides it when the visit is to
 * another address, in English, signed in or on the sign-up tab, and main.tsx replaces it with the
 * live page in one commit. It is never hydrated: the markup only has to look the same.
 */
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { StaticRouter } from 'react-router';
import i18n, { i18nReady } from '../lib/i18n.ts';
import { Component as PublicLayout } from '../app/layouts/public-layout.tsx';
import { Component as LoginPage } from '../features/auth/components/login-page.tsx';

export async function renderSignInPage(): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage('tr');
  await i18n.loadNamespaces(['auth']);
  const html = renderToString(
    <StaticRouter location="/">
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LoginPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
  return inert(html);
}

/**
 * Until the live page replaces it, the copy takes no input: a field typed into would be replaced
 * with its text, and a form without its script would submit the password in the address. Fields
 * are read-only (automation waits for an editable field, which only the live page has) and buttons
 * plain buttons; the container is `inert` as well (index.html).
 */
export function inert(html: string): string {
  return html.replace(/<input\b/g, '<input readonly=""').replace(/<button([^>]*?) type="submit"/g, '<button$1 type="button"');
}
