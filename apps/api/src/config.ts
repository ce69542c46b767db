import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { amazonRegions, type AmazonRegion } from '@worq/domain/wire/choices';
import { normaliseHostSuffix, platformStoreHostSuffixes, type StoreHostSuffixes } from '@worq/domain/store-source';
import { isPublicAddress } from './connectors/outbound-guard.ts';
import { defaultSandboxTimeScale } from './connectors/sandbox/orders.ts';

const marketplaceCodes = ['trendyol', 'hepsiburada', 'n11', 'ciceksepeti', 'amazon', 'ideasoft', 'ticimax'] as const;

/** N11's `sender` values: the seller's own shipping, n11's warehouse (n11depom), or both in one. */
export const n11Senders = ['SELLER', 'N11', 'ALL'] as const;
/** How Çiçeksepeti's request dates are written (connectors/ciceksepeti.ts `CiceksepetiRequestDates`). */
export const ciceksepetiRequestDates = ['offset', 'wall', 'utc'] as const;

const optionalUrl = z.url({ error: 'must be an absolute URL such as https://example.com' }).optional();
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An enumerated setting whose error lists the allowed values. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

/** A whole number from the environment, with a message a person can act on. */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

const envSchema = z.object({
  NODE_ENV: oneOf(['development', 'test', 'production']).default('development'),
  PORT: wholeNumber(0, 65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  DELIVERY: oneOf(['outbox', 'live']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().default('WorqTrade <no-reply@worq.local>'),
  SMS_PROVIDER_URL: optionalUrl,
  SMS_PROVIDER_USER: z.string().optional(),
  SMS_PROVIDER_PASSWORD: z.string().optional(),
  SMS_PROVIDER_HEADER: z.string().default('WORQ'),
  MARKETPLACE_MODE: oneOf(['sandbox', 'live']).optional(),
  SANDBOX_TIME_SCALE: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, { error: 'must be a number from 0 to 1' })
    .max(1, { error: 'must be a number from 0 to 1' })
    .optional(),
  ...Object.fromEntries(marketplaceCodes.map((code) => [`${code.toUpperCase()}_BASE_URL`, optionalUrl])),
  TRENDYOL_INTEGRATOR_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,30}$/, 'must be letters and digits, at most 30')
    .default('SelfIntegration'),
  TRENDYOL_ORDER_HISTORY_DAYS: wholeNumber(1, 365).optional(),
  TRENDYOL_STREAM_INTERVAL_MS: wholeNumber(0, 600_000).optional(),
  N11_SENDERS: z
    .string()
    .transform((value) => value.split(',').map((sender) => sender.trim().toUpperCase()))
    .refine(
      (senders) =>
        senders.every((sender) => (n11Senders as readonly string[]).includes(sender)) &&
        new Set(senders).size === senders.length &&
        (!senders.includes('ALL') || senders.length === 1),
      { error: 'must be SELLER, N11 or both separated by a comma, or ALL alone' },
    )
    .optional(),
  N11_WALL_CLOCK_EPOCHS: oneOf(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  HEPSIBURADA_USER_AGENT: z.string().trim().min(1, 'must not be blank').default('worqtrade_dev'),
  AMAZON_LWA_CLIENT_ID: z.string().optional(),
  AMAZON_LWA_CLIENT_SECRET: z.string().optional(),
  AMAZON_APPLICATION_ID: z.string().optional(),
  AMAZON_REGION_DEFAULT: oneOf(amazonRegions).default('EU'),
  AMAZON_APP_DRAFT: oneOf(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AMAZON_ORDERS_API: oneOf(['v2026-01-01', 'v0']).default('v2026-01-01'),
  CICEKSEPETI_MIN_INTERVAL_MS: wholeNumber(0, 600_000).default(5_000),
  CICEKSEPETI_REQUEST_DATES: oneOf(ciceksepetiRequestDates).optional(),
  CONNECTION_HEALTH_INTERVAL_MINUTES: wholeNumber(0, 10_080).optional(),
  ORDER_SYNC_INTERVAL_MINUTES: wholeNumber(0, 10_080).optional(),
  TICIMAX_VERIFIED_HOST_SUFFIXES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\s*(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\s*(,\s*(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\s*)*$/i, {
        error: 'must be host suffixes of at least two labels, separated by commas (e.g. *.stores.example.com)',
      })
      .optional(),
  ),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CERTS_URL: optionalUrl,
  AMPLITUDE_API_KEY: z.string().optional(),
  AMPLITUDE_SERVER_URL: optionalUrl,
  CONTACT_CHAT_URL: optionalUrl,
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  LEGAL_ENTITY_NAME: z.string().trim().min(2).max(200).default('WorqTrade'),
  LEGAL_ENTITY_CONTACT: z.string().trim().min(3).max(300).optional(),
  BOOTSTRAP_EXPERT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  BOOTSTRAP_EXPERT_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  IP_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000).default(60),
  CUSTOMER_RATE_LIMIT_FACTOR: wholeNumber(1, 10_000).default(1),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => parseTrustProxy(value) !== undefined, {
      error: 'must be false, a hop count from 1 to 10, or a comma-separated list of proxy addresses',
    })
    .transform((value) => parseTrustProxy(value)!),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type MarketplaceCode = (typeof marketplaceCodes)[number];

/**
 * TRUST_PROXY: `false`; a hop count (how many proxies of ours append to X-Forwarded-For: the
 * client is the address that many hops from the right); or the proxies' addresses/CIDRs. `true`
 * (believe every X-Forwarded-For entry) lets any client choose its address and pass every per-IP
 * limit: kept for local experiments only, refused in production. A range that wide is refused
 * everywhere (catchAllProxyRange).
 */
export function parseTrustProxy(value: string): boolean | number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  });
  return valid ? entries.join(',') : undefined;
}

/** ::ffff:0:0, the /96 under which an IPv4 client is matched against IPv6 ranges (proxy-addr does). */
const ipv4MappedNetwork = 0xffffn << 32n;

/** An IPv6 address as a 128-bit number (a zone such as %eth0 left out). */
function ipv6Value(address: string): bigint {
  // The URL parser writes any spelling (embedded IPv4, leading zeros) as hexadecimal groups around one `::`.
  const canonical = new URL(`http://[${address.split('%')[0]}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/**
 * The first entry of a TRUST_PROXY list wide enough to take in clients, or undefined: an IPv4
 * prefix under /8 (0.0.0.0/0 among them), an IPv6 prefix under /16 (::/0), or an IPv6 range that
 * holds more than a /8 of IPv4-mapped addresses (::ffff:0:0/96, under which Fastify matches every
 * IPv4 client; ::/80 holds it too).
 */
export function catchAllProxyRange(list: string): string | undefined {
  return list.split(',').find((entry) => {
    const [address = '', prefixText] = entry.split('/');
    if (prefixText === undefined) return false;
    const prefix = Number(prefixText);
    if (isIP(address) === 4) return prefix < 8;
    if (prefix < 16) return true;
    if (prefix >= 96 + 8) return false;
    const shift = BigInt(128 - Math.min(prefix, 96));
    return ipv6Value(address) >> shift === ipv4MappedNetwork >> shift;
  });
}

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  encryptionKey: Buffer;
  delivery: 'outbox' | 'live';
  /**
   * Whether GET /api/v1/dev/outbox exists: only with DELIVERY=outbox set explicitly, outside
   * production, on a PUBLIC_URL that is not on the public internet (the outbox holds everyone's codes).
   */
  devOutbox: boolean;
  smtp: { url: string | undefined; from: string };
  sms: { url: string | undefined; user: string | undefined; password: string | undefined; header: string };
  marketplaceMode: 'sandbox' | 'live';
  /**
   * How fast an import runs against the built-in sandbox compared with the marketplaces' documented
   * pace (SANDBOX_TIME_SCALE, 0–1): the sandbox's waits and answer delay of order reads, and the
   * connectors' own waits, are multiplied by it. Unset: connectors/sandbox/orders.ts
   * `defaultSandboxTimeScale`, 0 in tests.
   */
  sandboxTimeScale: number;
  marketplaceBaseUrls: Partial<Record<MarketplaceCode, string>>;
  /** The integrator's developer user name Hepsiburada expects as User-Agent. */
  /** Trendyol User-Agent integrator name and how far back its orders are read (unconfirmed limit). */
  trendyolIntegratorName: string;
  trendyolOrderHistoryDays: number;
  /**
   * Least time between two Trendyol stream calls of one seller (TRENDYOL_STREAM_INTERVAL_MS); unset:
   * the connector's 5 s (times the sandbox's time scale against the built-in sandbox).
   */
  trendyolStreamIntervalMs: number | undefined;
  /**
   * N11: the `sender` values read, one pass each (N11_SENDERS; unset: SELLER and N11), and whether
   * its epochs are the Istanbul wall clock read as UTC (N11_WALL_CLOCK_EPOCHS; unset: true). Both
   * unconfirmed on the live API.
   */
  n11: { senders: Array<(typeof n11Senders)[number]> | undefined; wallClockEpochs: boolean | undefined };
  hepsiburadaUserAgent: string;
  /**
   * The Amazon SP-API application (Login with Amazon client). Unset values stay undefined in live
   * mode (Amazon connections then fail with a clear message); the sandbox gets stand-ins.
   */
  amazon: {
    lwaClientId: string | undefined;
    lwaClientSecret: string | undefined;
    applicationId: string | undefined;
    defaultRegion: AmazonRegion;
    /** The app is still in Draft on Seller Central: the consent URL needs `version=beta`. */
    draft: boolean;
    /** Which Orders API lists orders: v2026-01-01 (default) or v0 (removed by Amazon on 27 Mar 2027). */
    ordersApi: 'v2026-01-01' | 'v0';
  };
  /** Least time between two Çiçeksepeti order-list calls of one seller (Çiçeksepeti asks ~5 s). */
  ciceksepetiMinIntervalMs: number;
  /** How Çiçeksepeti's request dates are written (CICEKSEPETI_REQUEST_DATES; unset: the connector's `offset`). */
  ciceksepetiRequestDates: (typeof ciceksepetiRequestDates)[number] | undefined;
  /** Minutes between re-checks of every active integration's credentials; 0 switches them off. */
  connectionHealthIntervalMinutes: number;
  /** How often each active store's orders are re-read (0: only on connect and on demand). */
  orderSyncIntervalMinutes: number;
  /**
   * Host suffixes on which an Ideasoft or Ticimax store counts as run by its platform
   * (`isStoreSourceVerified`); others are labelled unverified. Ticimax's come from
   * TICIMAX_VERIFIED_HOST_SUFFIXES (none by default: no platform host could be confirmed).
   */
  storeHostSuffixes: StoreHostSuffixes;
  googleClientId: string | undefined;
  /**
   * Where Google sign-in fetches the PEM certificates that sign ID tokens; undefined means Google's
   * own (https://www.googleapis.com/oauth2/v1/certs). Tests point it at local keys.
   */
  googleCertsUrl: string | undefined;
  amplitude: { apiKey: string | undefined; serverUrl: string | undefined };
  contactChatUrl: string | undefined;
  /** Where support requests are e-mailed as well as listed in the back-office; undefined: listed only. */
  supportEmail: string | undefined;
  /** The data controller the legal texts name, and its address and e-mail (terms/placeholders.ts). */
  legalEntity: { name: string; contact: string };
  bootstrapExpert: { email: string; password: string } | undefined;
  ipRateLimitPerMinute: number;
  /**
   * Multiplies every per-customer limit (plugins/rate-limit.ts customerRateLimits). 1 in production;
   * higher for benchmarks and test suites that poll as fast as a script would.
   */
  customerRateLimitFactor: number;
  /** Fastify's trustProxy: false, a hop count or a list of proxy addresses (see parseTrustProxy). */
  trustProxy: boolean | number | string;
  logLevel: string;
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks the environment. A missing or bad value throws a ConfigError whose message
 * is one line naming the variable. Outside production, missing secrets are generated once into
 * DATA_DIR and reused on later starts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, emptyAsUndefined(value)]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const name = String(first?.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${name} ${first?.message ?? 'is invalid'}`);
  }
  const raw = parsed.data as z.infer<typeof envSchema> & Record<string, string | undefined>;
  const isProduction = raw.NODE_ENV === 'production';
  // npm runs the server from apps/api; INIT_CWD is where the person typed `npm start`, so a
  // relative DATA_DIR (the default ./data) means the folder they are in.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), raw.DATA_DIR);

  if (isProduction) {
    for (const name of ['JWT_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'PUBLIC_URL'] as const) {
      if (!raw[name]) throw new ConfigError(`Configuration error: ${name} is required in production`);
    }
    if (raw.DELIVERY === 'outbox') {
      throw new ConfigError('Configuration error: DELIVERY=outbox is not allowed in production');
    }
    if (raw.TRUST_PROXY === true) {
      throw new ConfigError(
        'Configuration error: TRUST_PROXY=true is not allowed in production (give the number of proxies, e.g. 1, or their addresses)',
      );
    }
    if (raw.MARKETPLACE_MODE === 'sandbox') {
      throw new ConfigError('Configuration error: MARKETPLACE_MODE=sandbox is not allowed in production');
    }
    // An override sends sellers' credentials to a host of the operator's choosing, past the outbound guard.
    const override = marketplaceCodes.find((code) => raw[`${code.toUpperCase()}_BASE_URL`]);
    if (override) {
      throw new ConfigError(`Configuration error: ${override.toUpperCase()}_BASE_URL is not allowed in production`);
    }
    // Whoever serves these certificates could sign in as anyone.
    if (raw.GOOGLE_CERTS_URL) {
      throw new ConfigError('Configuration error: GOOGLE_CERTS_URL is not allowed in production');
    }
  }
  // Refused everywhere, unlike TRUST_PROXY=true: nobody needs a range this wide, and Fastify does
  // not even start with a /0 one.
  const catchAll = typeof raw.TRUST_PROXY === 'string' ? catchAllProxyRange(raw.TRUST_PROXY) : undefined;
  if (catchAll) {
    throw new ConfigError(
      `Configuration error: TRUST_PROXY ${catchAll} is too wide a proxy range: it takes in clients, who could then choose their address (give the number of proxies, e.g. 1, or their addresses)`,
    );
  }
  const delivery = raw.DELIVERY ?? (isProduction ? 'live' : 'outbox');
  const publicUrl = raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`;
  if (raw.DELIVERY === 'outbox' && !isLocalUrl(publicUrl)) {
    throw new ConfigError(
      'Configuration error: DELIVERY=outbox is not allowed on a public PUBLIC_URL (anyone could read the kept codes at /dev/outbox)',
    );
  }
  if (delivery === 'live' && !raw.SMTP_URL) {
    throw new ConfigError('Configuration error: SMTP_URL is required when DELIVERY=live');
  }
  if (delivery === 'live' && !raw.SMS_PROVIDER_URL) {
    throw new ConfigError('Configuration error: SMS_PROVIDER_URL is required when DELIVERY=live');
  }
  if (Boolean(raw.BOOTSTRAP_EXPERT_EMAIL) !== Boolean(raw.BOOTSTRAP_EXPERT_PASSWORD)) {
    throw new ConfigError('Configuration error: BOOTSTRAP_EXPERT_EMAIL and BOOTSTRAP_EXPERT_PASSWORD must be set together');
  }

  const jwtSecret = raw.JWT_SECRET ?? generatedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const encryptionKeyHex = raw.ENCRYPTION_KEY ?? generatedSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('hex'));

  const marketplaceMode = raw.MARKETPLACE_MODE ?? (isProduction ? 'live' : 'sandbox');
  const marketplaceBaseUrls: Partial<Record<MarketplaceCode, string>> = {};
  for (const code of marketplaceCodes) {
    const value = raw[`${code.toUpperCase()}_BASE_URL`];
    if (value) marketplaceBaseUrls[code] = value;
  }

  return {
    env: raw.NODE_ENV,
    isProduction,
    port: raw.PORT,
    host: raw.HOST,
    publicUrl,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    jwtSecret,
    encryptionKey: Buffer.from(encryptionKeyHex, 'hex'),
    delivery,
    devOutbox: raw.DELIVERY === 'outbox' && !isProduction,
    smtp: { url: raw.SMTP_URL, from: raw.SMTP_FROM },
    sms: {
      url: raw.SMS_PROVIDER_URL,
      user: raw.SMS_PROVIDER_USER,
      password: raw.SMS_PROVIDER_PASSWORD,
      header: raw.SMS_PROVIDER_HEADER,
    },
    marketplaceMode,
    sandboxTimeScale: raw.SANDBOX_TIME_SCALE ?? (raw.NODE_ENV === 'test' ? 0 : defaultSandboxTimeScale),
    marketplaceBaseUrls,
    trendyolIntegratorName: raw.TRENDYOL_INTEGRATOR_NAME,
    trendyolOrderHistoryDays: raw.TRENDYOL_ORDER_HISTORY_DAYS ?? 90,
    trendyolStreamIntervalMs: raw.TRENDYOL_STREAM_INTERVAL_MS,
    n11: { senders: raw.N11_SENDERS as Config['n11']['senders'], wallClockEpochs: raw.N11_WALL_CLOCK_EPOCHS },
    hepsiburadaUserAgent: raw.HEPSIBURADA_USER_AGENT,
    amazon: {
      lwaClientId: raw.AMAZON_LWA_CLIENT_ID ?? (marketplaceMode === 'sandbox' ? 'amzn1.application-oa2-client.sandbox' : undefined),
      lwaClientSecret: raw.AMAZON_LWA_CLIENT_SECRET ?? (marketplaceMode === 'sandbox' ? 'sandbox' : undefined),
      applicationId: raw.AMAZON_APPLICATION_ID ?? (marketplaceMode === 'sandbox' ? 'amzn1.sp.solution.sandbox' : undefined),
      defaultRegion: raw.AMAZON_REGION_DEFAULT,
      draft: raw.AMAZON_APP_DRAFT,
      ordersApi: raw.AMAZON_ORDERS_API,
    },
    ciceksepetiMinIntervalMs: raw.CICEKSEPETI_MIN_INTERVAL_MS,
    ciceksepetiRequestDates: raw.CICEKSEPETI_REQUEST_DATES,
    // Tests run the health check's handler directly; a timer would only race them.
    connectionHealthIntervalMinutes: raw.CONNECTION_HEALTH_INTERVAL_MINUTES ?? (raw.NODE_ENV === 'test' ? 0 : 360),
    orderSyncIntervalMinutes: raw.ORDER_SYNC_INTERVAL_MINUTES ?? (raw.NODE_ENV === 'test' ? 0 : 60),
    storeHostSuffixes: {
      ideasoft: platformStoreHostSuffixes.ideasoft,
      ticimax: [...platformStoreHostSuffixes.ticimax, ...(raw.TICIMAX_VERIFIED_HOST_SUFFIXES?.split(',').map(normaliseHostSuffix) ?? [])],
    },
    googleClientId: raw.GOOGLE_CLIENT_ID,
    googleCertsUrl: raw.GOOGLE_CERTS_URL,
    amplitude: { apiKey: raw.AMPLITUDE_API_KEY, serverUrl: raw.AMPLITUDE_SERVER_URL },
    contactChatUrl: raw.CONTACT_CHAT_URL,
    supportEmail: raw.SUPPORT_EMAIL,
    legalEntity: { name: raw.LEGAL_ENTITY_NAME, contact: raw.LEGAL_ENTITY_CONTACT ?? raw.SUPPORT_EMAIL ?? 'kvkk@worq.local' },
    bootstrapExpert:
      raw.BOOTSTRAP_EXPERT_EMAIL && raw.BOOTSTRAP_EXPERT_PASSWORD
        ? { email: raw.BOOTSTRAP_EXPERT_EMAIL, password: raw.BOOTSTRAP_EXPERT_PASSWORD }
        : undefined,
    ipRateLimitPerMinute: raw.IP_RATE_LIMIT_PER_MINUTE,
    customerRateLimitFactor: raw.CUSTOMER_RATE_LIMIT_FACTOR,
    trustProxy: raw.TRUST_PROXY,
    logLevel: raw.LOG_LEVEL,
    webDistDir: path.resolve(raw.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

/** A loopback, private or reserved-for-local-use address: nobody on the internet reaches it. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (isIP(host)) return !isPublicAddress(host);
  return host === 'localhost' || /\.(localhost|local|test|internal|lan|home\.arpa)$/.test(host) || !host.includes('.');
}

function generatedSecret(dataDir: string, name: string, create: () => string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Processes started together on one data folder must agree on the secret: the first link wins
  // (link refuses an existing name), and everyone reads what won, never a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, create(), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
