import i18n, { changeLanguage, i18nReady, initialNamespaces, withNamespaces } from '../i18n.ts';

// Which locale files were fetched (each is a chunk of its own in the browser).
const fetched = vi.hoisted(() => [] as string[]);
vi.mock('../../locales/en/support.json', async (original) => {
  fetched.push('en/support');
  return original();
});
vi.mock('../../locales/tr/support.json', async (original) => {
  fetched.push('tr/support');
  return original();
});

describe('translations on demand', () => {
  it('starts with only the namespaces every screen needs', async () => {
    await i18nReady;
    for (const ns of initialNamespaces) expect(i18n.hasLoadedNamespace(ns)).toBe(true);
    expect(i18n.hasLoadedNamespace('auth')).toBe(false);
    expect(i18n.hasLoadedNamespace('dev')).toBe(false);
  });

  it('hands over a route module only once its namespaces are loaded', async () => {
    const routeModule = { Component: () => null };
    const load = withNamespaces(['dev'], () => Promise.resolve(routeModule));
    expect(i18n.hasLoadedNamespace('dev')).toBe(false);
    await expect(load()).resolves.toBe(routeModule);
    expect(i18n.hasLoadedNamespace('dev')).toBe(true);
    expect(i18n.getFixedT('tr', 'dev')('gallery.title')).toBe('Bileşen galerisi');
  });

  it('still hands over the module when the texts cannot be loaded', async () => {
    const routeModule = { Component: () => null };
    vi.spyOn(i18n, 'loadNamespaces').mockRejectedValueOnce(new Error('offline'));
    await expect(withNamespaces(['profile'], () => Promise.resolve(routeModule))()).resolves.toBe(routeModule);
  });

  it("fetches a screen's texts in the page's language only, once", async () => {
    await i18nReady;
    await changeLanguage('en');
    await Promise.all([i18n.loadNamespaces(['support']), i18n.loadNamespaces('support')]);
    expect(fetched).toEqual(['en/support']);
    expect(i18n.hasLoadedNamespace('support')).toBe(true);
    expect(i18n.hasResourceBundle('tr', 'support')).toBe(false);
    // Switching back brings every namespace asked for so far in the new language.
    await changeLanguage('tr');
    expect(fetched).toEqual(['en/support', 'tr/support']);
    expect(i18n.hasLoadedNamespace('support')).toBe(true);
    expect(document.documentElement.lang).toBe('tr');
  });

  it('keeps the last language chosen when an earlier choice’s texts arrive later', async () => {
    await i18nReady;
    await i18n.loadNamespaces('insight');
    // English needs its insight texts fetched; Turkish has all it needs and is done first.
    const english = changeLanguage('en');
    const turkish = changeLanguage('tr');
    await Promise.all([english, turkish]);
    expect(i18n.language).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
  });
});
