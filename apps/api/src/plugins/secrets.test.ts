import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import secretsPlugin, { decryptSecrets, encryptSecrets } from './secrets.ts';

const key = randomBytes(32);
const credentials = { api_key: 'key-123', api_secret: 'çok gizli şifre', supplier_id: '42' };

/** Flips one character of one `:`-separated part, keeping it valid base64url. */
function tamper(text: string, part: number): string {
  const parts = text.split(':');
  const value = parts[part] ?? '';
  const index = Math.floor(value.length / 2);
  parts[part] = value.slice(0, index) + (value[index] === 'A' ? 'B' : 'A') + value.slice(index + 1);
  return parts.join(':');
}

describe('secrets', () => {
  it('gives back exactly what was encrypted', () => {
    const text = encryptSecrets(key, credentials);
    expect(decryptSecrets(key, text)).toEqual(credentials);
  });

  it('writes the versioned format and never the plain values', () => {
    const text = encryptSecrets(key, credentials);
    expect(text).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(text).not.toContain('key-123');
    expect(Buffer.from(text.split(':')[3] ?? '', 'base64url').toString('utf8')).not.toContain('key-123');
  });

  it('uses a different IV every time, so equal secrets look different', () => {
    const first = encryptSecrets(key, credentials);
    const second = encryptSecrets(key, credentials);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(first).not.toBe(second);
  });

  it.each([
    ['IV', 1],
    ['auth tag', 2],
    ['ciphertext', 3],
  ])('refuses text whose %s was changed', (_name, part) => {
    const text = encryptSecrets(key, credentials);
    expect(() => decryptSecrets(key, tamper(text, part))).toThrow();
  });

  it('refuses another version marker and malformed text', () => {
    const text = encryptSecrets(key, credentials);
    expect(() => decryptSecrets(key, text.replace(/^v1:/, 'v2:'))).toThrow();
    expect(() => decryptSecrets(key, 'not-encrypted')).toThrow();
    expect(() => decryptSecrets(key, 'v1:a:b:c')).toThrow();
  });

  it('fails with the wrong key', () => {
    const text = encryptSecrets(key, credentials);
    expect(() => decryptSecrets(randomBytes(32), text)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecrets(randomBytes(16), credentials)).toThrow();
  });

  it('is decorated on the app with the configured key', async () => {
    const app = Fastify({ logger: false });
    await app.register(secretsPlugin, { key });
    await app.ready();
    const text = app.secrets.encrypt(credentials);
    expect(app.secrets.decrypt(text)).toEqual(credentials);
    expect(decryptSecrets(key, text)).toEqual(credentials);
    await app.close();
  });
});
