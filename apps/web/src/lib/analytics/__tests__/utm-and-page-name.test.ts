import { describe, expect, it } from 'vitest';
import { pageNameFor, pageViewEventName } from '../page-name.ts';
import { initialUtmStorageKey, parseUtm, recordUtm, utmStorageKey, utmUserProperties } from '../utm.ts';

describe('page names', () => {
  it('come from the route pattern without parameters', () => {
    expect(pageNameFor([undefined, undefined, undefined, 'profile/:id/info'])).toBe('profile/info');
    expect(pageNameFor([undefined, 'worq-trade/onboarding', 'revenue-sharing-plan'])).toBe('worq-trade/onboarding/revenue-sharing-plan');
    expect(pageNameFor([undefined, 'admin', 'applications/:id'])).toBe('admin/applications');
  });

  it('name the sign-in page and unknown addresses', () => {
    expect(pageNameFor([undefined, undefined, undefined, undefined])).toBe('login');
    expect(pageNameFor([undefined, '*'])).toBe('not-found');
  });

  it('make the event name of §9', () => {
    expect(pageViewEventName('connections')).toBe('Page "connections" Viewed');
  });
});

describe('campaign parameters', () => {
  it('keep only utm_ parameters with a value', () => {
    expect(parseUtm('?utm_source=google&utm_medium=&tab=sign-up&utm_campaign=spring')).toEqual({
      utm_source: 'google',
      utm_campaign: 'spring',
    });
  });

  it('store the current campaign and, once, the first one', () => {
    const first = recordUtm('?utm_source=google&utm_campaign=spring', localStorage);
    expect(first).toEqual({
      current: { utm_source: 'google', utm_campaign: 'spring' },
      initial: { utm_source: 'google', utm_campaign: 'spring' },
    });
    const second = recordUtm('?utm_source=newsletter', localStorage);
    expect(second).toEqual({ current: { utm_source: 'newsletter' }, initial: { utm_source: 'google', utm_campaign: 'spring' } });
    expect(JSON.parse(localStorage.getItem(utmStorageKey) ?? 'null')).toEqual({ utm_source: 'newsletter' });
    expect(JSON.parse(localStorage.getItem(initialUtmStorageKey) ?? 'null')).toEqual({ utm_source: 'google', utm_campaign: 'spring' });
  });

  it('keep the stored campaign on a visit without one', () => {
    recordUtm('?utm_source=google', localStorage);
    expect(recordUtm('', localStorage)).toEqual({ current: { utm_source: 'google' }, initial: { utm_source: 'google' } });
  });

  it('write nothing when there never was a campaign', () => {
    expect(recordUtm('?tab=sign-up', localStorage)).toEqual({ current: {}, initial: {} });
    expect(localStorage.getItem(utmStorageKey)).toBeNull();
    expect(localStorage.getItem(initialUtmStorageKey)).toBeNull();
  });

  it('become user properties with initial_ for the first-seen values', () => {
    expect(utmUserProperties({ current: { utm_source: 'a' }, initial: { utm_source: 'b' } })).toEqual({
      set: { utm_source: 'a' },
      setOnce: { initial_utm_source: 'b' },
    });
  });
});
