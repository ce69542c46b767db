import { describe, expect, it } from 'vitest';
import { isHostUnder, isStoreSourceVerified, normaliseHostSuffix, storeHostOf } from './store-source.ts';

describe('store source verification', () => {
  it('trusts marketplaces read on their own API hosts', () => {
    for (const code of ['trendyol', 'hepsiburada', 'n11', 'amazon', 'ciceksepeti']) {
      expect(isStoreSourceVerified(code, {})).toBe(true);
    }
  });

  it('verifies an Ideasoft store connected by its myideasoft.com address, however it was typed', () => {
    expect(isStoreSourceVerified('ideasoft', { store_url: 'https://magaza.myideasoft.com' })).toBe(true);
    expect(isStoreSourceVerified('ideasoft', { store_url: ' Magaza.MyIdeaSoft.com./panel ' })).toBe(true);
    expect(isStoreSourceVerified('ideasoft', { store_url: 'magaza.myideasoft.com' })).toBe(true);
  });

  it('labels an Ideasoft store on any other host unverified, look-alikes included', () => {
    for (const store_url of [
      'https://magaza.com',
      'https://myideasoft.com',
      'https://evilmyideasoft.com',
      'https://magaza.myideasoft.com.attacker.net',
      'https://myideasoft.com-magaza.net',
      '',
      'http://',
    ]) {
      expect(isStoreSourceVerified('ideasoft', { store_url }), store_url).toBe(false);
    }
    expect(isStoreSourceVerified('ideasoft', {})).toBe(false);
  });

  it('labels Ticimax stores unverified unless the operator lists the host suffix', () => {
    expect(isStoreSourceVerified('ticimax', { store_domain: 'www.magaza.com' })).toBe(false);
    const configured = { ideasoft: ['myideasoft.com'], ticimax: ['*.magazalar.example'] };
    expect(isStoreSourceVerified('ticimax', { store_domain: 'butik.magazalar.example' }, configured)).toBe(true);
    expect(isStoreSourceVerified('ticimax', { store_domain: 'www.magaza.com' }, configured)).toBe(false);
  });

  it('reads hosts and suffixes', () => {
    expect(storeHostOf('https://A.b.C.:443/x?y')).toBe('a.b.c');
    expect(storeHostOf('::')).toBeNull();
    expect(normaliseHostSuffix(' *.Example.COM. ')).toBe('example.com');
    expect(isHostUnder('a.example.com', ['', '.'])).toBe(false);
  });
});
