import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { accessClaims, type AccessClaims } from '@worq/domain/wire/auth';
import { AppError } from './errors.ts';

export type { AccessClaims };

export const accessTokenLifetimeSeconds = 15 * 60;
/** Who issues access tokens and who they are for; a token of any other JWT use of the same key is refused. */
export const accessTokenIssuer = 'worqtrade';
export const accessTokenAudience = 'worqtrade-api';

declare module 'fastify' {
  interface FastifyInstance {
    signAccessToken(claims: AccessClaims): Promise<string>;
    verifyAccessToken(token: string): Promise<AccessClaims>;
    /** preHandler: a valid access token (401 otherwise). */
    requireAuth(request: FastifyRequest): Promise<void>;
    /**
     * preHandler of seller endpoints: a valid token, a verified phone (403 phone_not_verified) and
     * not an expert (403 expert_account: the back-office account has no stores or applications). A
     * write (any method but GET and HEAD) is refused with 403 terms_pending while the seller has not
     * accepted the current version of a required legal text.
     */
    requireVerified(request: FastifyRequest): Promise<void>;
    /**
     * preHandler: a valid token of an expert (403 otherwise). A write (any method but GET and HEAD)
     * also asks the database: an account demoted or removed since its token was signed is refused.
     */
    requireExpert(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AccessClaims | null;
  }
}

/** What the guards ask the database; left out (tests of single plugins), the token alone decides. */
export interface AuthChecks {
  /** Whether the account is an expert now (false for a demoted or deleted one). */
  isExpertNow?: (customerId: string) => Promise<boolean>;
  /** Whether the seller has a required legal text to accept again before changing anything. */
  hasRequiredTermsPending?: (customerId: string) => Promise<boolean>;
}

export interface AuthOptions extends AuthChecks {
  secret: string;
}

const isWrite = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  // fast-jwt signs and verifies HS256 with node:crypto's HMAC, synchronously: about 9 µs a token
  // against about 90 µs for jose's WebCrypto verify, the largest cost of an authenticated read
  // (bench/api-read, docs/decisions/021-access-tokens-with-fast-jwt.md). Only HS256 is accepted, and only tokens this
  // API issued for itself (issuer and audience); exp is checked on every call.
  const sign = createSigner({
    key: options.secret,
    algorithm: 'HS256',
    iss: accessTokenIssuer,
    aud: accessTokenAudience,
    expiresIn: accessTokenLifetimeSeconds * 1000,
  });
  const verify = createVerifier({
    key: options.secret,
    algorithms: ['HS256'],
    allowedIss: accessTokenIssuer,
    allowedAud: accessTokenAudience,
    requiredClaims: ['exp', 'iat', 'iss', 'aud'],
  });

  app.decorate('signAccessToken', async (claims: AccessClaims) => sign({ ...claims, jti: randomUUID() }));

  app.decorate('verifyAccessToken', async (token: string) => {
    let payload: unknown;
    try {
      payload = verify(token);
    } catch {
      throw new AppError(401, 'unauthorized');
    }
    const claims = accessClaims.safeParse(payload);
    if (!claims.success) throw new AppError(401, 'unauthorized');
    return claims.data;
  });

  app.decorateRequest('user', null);

  const requireAuth = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw new AppError(401, 'unauthorized');
    request.user = await app.verifyAccessToken(match[1]);
  };
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireVerified', async (request: FastifyRequest) => {
    await requireAuth(request);
    if (request.user?.role === 'expert') throw new AppError(403, 'expert_account');
    if (!request.user?.is_phone_verified) throw new AppError(403, 'phone_not_verified');
    if (isWrite(request) && options.hasRequiredTermsPending && (await options.hasRequiredTermsPending(request.user.customer_id))) {
      throw new AppError(403, 'terms_pending');
    }
  });
  app.decorate('requireExpert', async (request: FastifyRequest) => {
    await requireAuth(request);
    if (request.user?.role !== 'expert') throw new AppError(403, 'forbidden');
    if (isWrite(request) && options.isExpertNow && !(await options.isExpertNow(request.user.customer_id))) {
      throw new AppError(403, 'forbidden');
    }
  });
}

export default fp(authPlugin, { name: 'auth' });

/**
 * Every path or body field that names a customer must name the caller (ARCHITECTURE.md §4);
 * call after requireAuth.
 */
export function assertOwnCustomer(request: FastifyRequest, customerId: string): void {
  if (!request.user || request.user.customer_id !== customerId) throw new AppError(403, 'forbidden');
}
