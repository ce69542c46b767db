/** What every account use case shares: the app's services, the session pair and small helpers. */
import { createHash, hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AccessClaims } from '../../plugins/auth.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerById, type Customer } from './customer-repository.ts';

/** What the account services need from the app; built once per route module. */
export interface AccountsContext {
  db: Db;
  delivery: Delivery;
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** Keys the HMAC of stored verification codes. */
  secret: string;
  /** Origin of the web app, for links in e-mails. */
  publicUrl: string;
  /** Security events (failed sign-ins, lock-outs), written without personal data. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The key of the stored codes' HMAC, derived from JWT_SECRET for this one use: the signing key of
 * access tokens is never the key of anything else (a leaked derived key signs no token).
 */
export function codeHashKey(jwtSecret: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'worqtrade', 'verification-code-hmac', 32)).toString('hex');
}

export function accountsContext(app: FastifyInstance, db: Db, config: Pick<Config, 'jwtSecret' | 'publicUrl'>): AccountsContext {
  return {
    db,
    delivery: app.delivery,
    signAccessToken: (claims) => app.signAccessToken(claims),
    secret: codeHashKey(config.jwtSecret),
    publicUrl: config.publicUrl,
    log: app.log.child({ module: 'accounts' }),
  };
}

export interface SessionTokens {
  jwt_token: string;
  refresh_token: string;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function customerOrUnauthorized(db: Db, customerId: string): Promise<Customer> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new AppError(401, 'unauthorized');
  return customer;
}
