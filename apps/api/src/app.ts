import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLanguage } from '@worq/domain/language';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import authPlugin from './plugins/auth.ts';
import deliveryPlugin, { type Delivery } from './plugins/delivery.ts';
import errorsPlugin, { errorBody, frameworkErrorHandler } from './plugins/errors.ts';
import { errorLogSerializer, requestLogSerializer } from './plugins/log-redaction.ts';
import { openapiTransforms } from './plugins/openapi-document.ts';
import queueCorePlugin from './plugins/queue-core.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import secretsPlugin from './plugins/secrets.ts';
import spaPlugin, { connectSources, inlineScriptSources, isSpaPath, sendSpaIndex } from './plugins/spa.ts';
import { sandboxPlugin } from './connectors/sandbox/sandbox-plugin.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { applicationRoutes } from './modules/application/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { ensureBootstrapExpert } from './modules/auth/registration.ts';
import { isExpertNow } from './modules/auth/public.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { customerRoutes } from './modules/customer/routes.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { gppRoutes } from './modules/gpp/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { locationRoutes } from './modules/location/routes.ts';
import { hasActiveApplication, isInSubmittedApplication } from './modules/application/repository.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { takeAmazonRedirect } from './modules/marketplace/public.ts';
import { insightRoutes } from './modules/insight/routes.ts';
import { snapshotOffer } from './modules/insight/public.ts';
import { offerRoutes } from './modules/insight/offer-routes.ts';
import { requestOrderSync } from './modules/insight/sync.ts';
import { createConnectorRegistry, sandboxFetch } from './connectors/registry.ts';
import repaymentReminderJob from './modules/notifications/repayment-reminder-job.ts';
import { fundingRoutes, fundingWatchJob, startFundingWatch } from './modules/funding/public.ts';
import { repaymentRoutes } from './modules/repayment/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import tasksPlugin from './modules/tasks/plugin.ts';
import { termsRoutes } from './modules/terms/routes.ts';
import { hasRequiredTermsPending } from './modules/terms/public.ts';
import { workContextRoutes } from './modules/work-context/routes.ts';

export const bodyLimitBytes = 64 * 1024;

/** Security headers of every /api/v1 answer (JSON: nothing to render, frame or load). */
const apiSecurityHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
} as const;

const safeRequestId = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * Honours a caller's x-request-id (a proxy or the web app tracing one action) only when it is a short
 * token of safe characters, so nobody can inject text into our logs or response headers.
 */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces the configured delivery (tests use this to watch messages). */
  delivery?: Delivery;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole API; used by server.ts and by the tests (through app.inject). */
export async function buildApp({ config, database, delivery, logger = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'],
          serializers: { req: requestLogSerializer, err: errorLogSerializer },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: bodyLimitBytes,
    // A hop count trusts exactly that many proxies from the right of X-Forwarded-For.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; a text body would otherwise reach the validators as a bare string.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While closing, answers to requests already in flight tell the client to drop its keep-alive
  // connection; otherwise server.close() would wait for the socket's idle timeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir), 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        frameSrc: ["'self'", 'https://accounts.google.com'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // Google sign-in and the Amazon consent popup talk to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.isProduction,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WorqTrade seller portal API',
        version: '1.0.0',
        description: 'The wire contract between the seller portal web app and its server. Money is integer kuruş.',
      },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    ...openapiTransforms(app),
  });
  // The compiled server bundles the page's plugin, so its files are found in its package folder
  // rather than next to its code. With `baseDir` the plugin also answers /api/docs/<file> from that
  // folder (the same public files as /api/docs/static/<file>); anything else there is a 404.
  const docsFiles = path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/index.html'));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    baseDir: docsFiles,
    logo: { type: 'image/svg+xml', content: readFileSync(path.join(docsFiles, 'logo.svg')) },
    // Its own policy (the page's scripts and styles are files of its own): the global one is
    // written for the SPA, and upgrade-insecure-requests would break the page on plain-HTTP hosts.
    staticCSP: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    },
    uiConfig: { docExpansion: 'list', validatorUrl: null },
  });

  await app.register(rateLimitPlugin, {
    db: database.db,
    perMinute: config.ipRateLimitPerMinute,
    customerLimitFactor: config.customerRateLimitFactor,
  });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    isExpertNow: (customerId) => isExpertNow(database.db, customerId),
    hasRequiredTermsPending: (customerId) => hasRequiredTermsPending(database.db, customerId),
  });
  await app.register(queueCorePlugin);
  await app.register(deliveryPlugin, { config, db: database.db, delivery });
  await app.register(secretsPlugin, { key: config.encryptionKey });
  // PGlite is one connection in this process: a second import at once would only queue behind the
  // first and hold up the queries of sellers waiting on a socket (bench/tasks).
  await app.register(tasksPlugin, { database, runner: database.kind === 'pglite' ? { backgroundConcurrency: 1 } : {} });
  await app.register(repaymentReminderJob, { db: database.db, everyMs: config.env === 'test' ? 0 : 5 * 60_000 });
  const fundingWatch = {
    db: database.db,
    hostSuffixes: config.storeHostSuffixes,
    publicUrl: config.publicUrl,
    intervalMinutes: config.orderSyncIntervalMinutes || 60,
  };
  await app.register(fundingWatchJob, { watch: fundingWatch, everyMs: config.env === 'test' ? 0 : 15_000 });

  await app.register(
    async (api) => {
      // JSON answers get a fixed, stricter header set computed once; helmet's per-request work is
      // kept for the HTML the browser renders (bench/api-read measured it on the hot read path).
      api.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), helmet: { skipRoute: true } } as typeof route.config;
      });
      api.addHook('onRequest', async (_request, reply) => {
        reply.headers(apiSecurityHeaders);
      });
      // API answers of 1 KB and more (store lists, WorqInsight overviews and tips, the OpenAPI
      // document): brotli at quality 4 (fast, close to gzip -9 in size), else gzip at level 6, on
      // zlib's thread pool (no synchronous path). Registered here, not on the app, so the web app's
      // files stay as the build compressed them (plugins/spa.ts). Request bodies are not inflated.
      await api.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
        syncThreshold: 0,
        globalDecompression: false,
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { ping: database.ping });
      await api.register(settingsRoutes, { config });
      await api.register(termsRoutes, { db: database.db, legalEntity: config.legalEntity });
      await api.register(authRoutes, { db: database.db, config });
      await api.register(customerRoutes, { db: database.db, config });
      await api.register(workContextRoutes, { db: database.db });
      // One registry for connecting stores and reading their orders.
      const registry = createConnectorRegistry({
        config,
        ...(config.marketplaceMode === 'sandbox' ? { fetch: sandboxFetch(app, config.publicUrl) } : {}),
      });
      await api.register(marketplaceRoutes, {
        db: database.db,
        config,
        registry,
        hasActiveApplication: (customerId) => hasActiveApplication(database.db, customerId),
        // A store that connects starts importing its orders at once (ARCHITECTURE.md §6).
        onStoreConnected: async (customerId, integrationId) => {
          await requestOrderSync({ db: database.db, tasks: app.tasks }, customerId, integrationId, true);
        },
        isInSubmittedApplication: (customerId, integrationId) => isInSubmittedApplication(database.db, customerId, integrationId),
      });
      await api.register(insightRoutes, { db: database.db, config, registry });
      await api.register(offerRoutes, { db: database.db, config });
      await api.register(companyRoutes, { db: database.db });
      await api.register(gppRoutes, { db: database.db });
      await api.register(applicationRoutes, {
        db: database.db,
        onSubmitted: (customerId, applicationId, language) =>
          snapshotOffer(database.db, customerId, applicationId, new Date(), config.storeHostSuffixes, language),
      });
      await api.register(locationRoutes, { db: database.db });
      await api.register(adminRoutes, {
        db: database.db,
        storeHostSuffixes: config.storeHostSuffixes,
        onApproved: (applicationId, now) => startFundingWatch({ ...fundingWatch, log: app.log }, applicationId, now),
      });
      await api.register(fundingRoutes, { watch: fundingWatch });
      await api.register(repaymentRoutes, { db: database.db });
      await api.register(supportRoutes, { db: database.db, supportEmail: config.supportEmail });
      if (config.devOutbox) {
        await api.register(devOutboxRoutes, { db: database.db });
      }
    },
    { prefix: '/api/v1' },
  );

  if (config.marketplaceMode === 'sandbox') {
    await app.register(sandboxPlugin, {
      ...(config.env === 'test' ? { delayMs: 0 } : {}),
      timeScale: config.sandboxTimeScale,
      publicUrl: config.publicUrl,
    });
  }

  await app.register(spaPlugin, { distDir: config.webDistDir });
  // Amazon's consent redirect: the server keeps the selling partner id it brings before the page
  // (the web app's /amazon-callback) hands the code to its opener.
  app.get('/amazon-callback', { schema: { hide: true } }, async (request, reply) => {
    await takeAmazonRedirect(database.db, request.query as Record<string, unknown>, new Date());
    return app.spaIndex ? sendSpaIndex(app.spaIndex, request, reply) : reply.callNotFound();
  });
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && app.spaIndex && isSpaPath(request.url)) {
      return sendSpaIndex(app.spaIndex, request, reply);
    }
    const language = pickLanguage(request.headers['accept-language']);
    return reply.status(404).send(errorBody(language, 'not_found', 'not_found'));
  });

  // Processes started together on one database take turns; the work itself is idempotent.
  await database.exclusive(async () => {
    await seedReferenceData(database.db);
    if (config.bootstrapExpert) await ensureBootstrapExpert(database.db, config.bootstrapExpert);
  });
  return app;
}
