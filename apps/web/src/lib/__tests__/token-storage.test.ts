import {
  clearTokens,
  decodeClaims,
  getAccessToken,
  getRefreshToken,
  isExpiring,
  storeTokens,
  subscribeTokens,
  tokenStorageKind,
} from '../token-storage.ts';
import { accessToken, makeToken } from './token-fixtures.ts';

describe('token storage', () => {
  it('keeps remembered tokens in local storage', () => {
    storeTokens({ jwt_token: 'a', refresh_token: 'r' }, true);
    expect(localStorage.getItem('jwt_token')).toBe('a');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
    expect(tokenStorageKind()).toBe('local');
  });

  it('keeps tokens in session storage when remember me is off', () => {
    storeTokens({ jwt_token: 'a', refresh_token: 'r' }, false);
    expect(sessionStorage.getItem('jwt_token')).toBe('a');
    expect(localStorage.getItem('jwt_token')).toBeNull();
    expect(getAccessToken()).toBe('a');
    expect(getRefreshToken()).toBe('r');
  });

  it('reads session storage only when local storage holds no token', () => {
    sessionStorage.setItem('jwt_token', 'session-token');
    expect(getAccessToken()).toBe('session-token');
    localStorage.setItem('jwt_token', 'local-token');
    expect(getAccessToken()).toBe('local-token');
  });

  it('writes a refreshed pair back to the storage that held the old one', () => {
    storeTokens({ jwt_token: 'a', refresh_token: 'r' }, false);
    storeTokens({ jwt_token: 'b', refresh_token: 's' });
    expect(sessionStorage.getItem('jwt_token')).toBe('b');
    expect(localStorage.getItem('jwt_token')).toBeNull();
  });

  it('moves the pair when the storage choice changes and clears both on sign-out', () => {
    storeTokens({ jwt_token: 'a', refresh_token: 'r' }, false);
    storeTokens({ jwt_token: 'b', refresh_token: 's' }, true);
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
    expect(localStorage.getItem('jwt_token')).toBe('b');
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('tells subscribers when tokens change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeTokens(listener);
    storeTokens({ jwt_token: 'a', refresh_token: 'r' });
    clearTokens();
    unsubscribe();
    storeTokens({ jwt_token: 'b', refresh_token: 's' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('decodeClaims', () => {
  it('reads the claims, Turkish letters included', () => {
    const claims = decodeClaims(accessToken({ first_name: 'Şükrü', last_name: 'Çağlayan', is_phone_verified: false }));
    expect(claims).toMatchObject({
      customer_id: '11111111-1111-4111-8111-111111111111',
      email: 'ayse@example.com',
      first_name: 'Şükrü',
      last_name: 'Çağlayan',
      is_phone_verified: false,
    });
    expect(typeof claims?.exp).toBe('number');
    expect(claims).not.toHaveProperty('role');
  });

  it("reads an expert's role and ignores any other value", () => {
    expect(decodeClaims(accessToken({ role: 'expert' }))?.role).toBe('expert');
    expect(decodeClaims(accessToken({ role: 'admin' }))).not.toHaveProperty('role');
  });

  it('returns null for malformed tokens', () => {
    expect(decodeClaims('not-a-token')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
    expect(decodeClaims(makeToken({ email: 'no id' }))).toBeNull();
    expect(decodeClaims(null)).toBeNull();
  });
});

describe('isExpiring', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const expiringAt = (secondsFromNow: number) => makeToken({ customer_id: 'c', exp: now / 1000 + secondsFromNow });

  it('is true with less than five minutes left', () => {
    expect(isExpiring(expiringAt(299), undefined, now)).toBe(true);
  });

  it('is false with five minutes or more left', () => {
    expect(isExpiring(expiringAt(300), undefined, now)).toBe(false);
    expect(isExpiring(expiringAt(900), undefined, now)).toBe(false);
  });

  it('honours a custom buffer and treats unreadable tokens as expiring', () => {
    expect(isExpiring(expiringAt(30), 10_000, now)).toBe(false);
    expect(isExpiring('garbage', undefined, now)).toBe(true);
  });
});
