import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Marketplace secrets at rest (ARCHITECTURE.md §4): AES-256-GCM with a fresh 12-byte IV per value.
 * Stored as `v1:<iv>:<tag>:<ciphertext>` (base64url), so a later key or algorithm can be told apart
 * from rows written today. The version is also authenticated data, so it cannot be swapped.
 */
export interface Secrets {
  encrypt(record: Record<string, string>): string;
  /** Throws when the text was altered, was written with another key, or is not in this format. */
  decrypt(text: string): Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
  }
}

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class SecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new SecretsError('the encryption key must be 32 bytes');
}

export function encryptSecrets(key: Buffer, record: Record<string, string>): string {
  checkKey(key);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(version));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

export function decryptSecrets(key: Buffer, text: string): Record<string, string> {
  checkKey(key);
  const parts = text.split(':');
  if (parts.length !== 4 || parts[0] !== version) throw new SecretsError('unknown secrets format');
  const iv = Buffer.from(parts[1] ?? '', 'base64url');
  const tag = Buffer.from(parts[2] ?? '', 'base64url');
  const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
  if (iv.length !== ivBytes || tag.length !== tagBytes) throw new SecretsError('unknown secrets format');

  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(version));
  decipher.setAuthTag(tag);
  let plain: string;
  try {
    plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // GCM refuses a changed byte anywhere (IV, tag, ciphertext) and a different key alike.
    throw new SecretsError('secrets could not be decrypted');
  }
  const parsed: unknown = JSON.parse(plain);
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((value) => typeof value === 'string')
  ) {
    throw new SecretsError('unknown secrets format');
  }
  return parsed as Record<string, string>;
}

async function secretsPlugin(app: FastifyInstance, options: { key: Buffer }) {
  checkKey(options.key);
  const key = Buffer.from(options.key);
  app.decorate('secrets', {
    encrypt: (record: Record<string, string>) => encryptSecrets(key, record),
    decrypt: (text: string) => decryptSecrets(key, text),
  } satisfies Secrets);
}

export default fp(secretsPlugin, { name: 'secrets' });
