/** Unsigned JWT-shaped tokens for tests (the web never verifies signatures). */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function accessToken(overrides: Record<string, unknown> = {}): string {
  return makeToken({
    customer_id: '11111111-1111-4111-8111-111111111111',
    email: 'ayse@example.com',
    first_name: 'Ayşe',
    last_name: 'Yılmaz',
    is_phone_verified: true,
    exp: Math.floor(Date.now() / 1000) + 15 * 60,
    ...overrides,
  });
}
