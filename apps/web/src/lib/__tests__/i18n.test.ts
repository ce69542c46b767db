import i18n, { i18nReady, initialNamespaces, withNamespaces } from '../i18n.ts';

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
});
