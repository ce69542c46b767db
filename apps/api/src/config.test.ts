import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'worq-config-test-'));

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(48),
  ENCRYPTION_KEY: 'ab'.repeat(32),
  DATABASE_URL: 'postgres://worq:secret@db.internal:5432/worq',
  PUBLIC_URL: 'https://portal.example.com',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com',
  SMS_PROVIDER_URL: 'https://sms.example.com/send',
};

/** Runs loadConfig and returns the ConfigError it throws. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig outside production', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      delivery: 'outbox',
      marketplaceMode: 'sandbox',
      ipRateLimitPerMinute: 60,
      customerRateLimitFactor: 1,
      trustProxy: false,
      logLevel: 'info',
      bootstrapExpert: undefined,
    });
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('resolves a relative DATA_DIR from the folder npm was started in', () => {
    const startedIn = tempDir();
    const config = loadConfig({ DATA_DIR: './data', INIT_CWD: startedIn });
    expect(config.dataDir).toBe(path.join(startedIn, 'data'));
  });

  it('writes generated secrets once into DATA_DIR/secrets and reuses them on the next start', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const jwtFile = path.join(dataDir, 'secrets', 'jwt-secret');
    const keyFile = path.join(dataDir, 'secrets', 'encryption-key');
    expect(readFileSync(jwtFile, 'utf8')).toBe(first.jwtSecret);
    expect(readFileSync(keyFile, 'utf8')).toBe(first.encryptionKey.toString('hex'));
    expect(statSync(jwtFile).mode & 0o077).toBe(0);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: tempDir() });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('prefers secrets from the environment and writes nothing then', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'cd'.repeat(32) });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.encryptionKey.toString('hex')).toBe('cd'.repeat(32));
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('reads the numbers, switches and lists it is given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9090',
      IP_RATE_LIMIT_PER_MINUTE: '500',
      CUSTOMER_RATE_LIMIT_FACTOR: '50',
      TRUST_PROXY: 'true',
      TRENDYOL_BASE_URL: 'https://api.trendyol.example',
      BOOTSTRAP_EXPERT_EMAIL: 'expert@example.com',
      BOOTSTRAP_EXPERT_PASSWORD: 'Expert123',
    });
    expect(config.port).toBe(9090);
    expect(config.publicUrl).toBe('http://localhost:9090');
    expect(config.ipRateLimitPerMinute).toBe(500);
    expect(config.customerRateLimitFactor).toBe(50);
    expect(config.trustProxy).toBe(true);
    expect(config.marketplaceBaseUrls).toEqual({ trendyol: 'https://api.trendyol.example' });
    expect(config.bootstrapExpert).toEqual({ email: 'expert@example.com', password: 'Expert123' });
  });
});

describe('store host suffixes', () => {
  it('verifies Ideasoft stores on myideasoft.com and Ticimax stores only on the suffixes configured', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storeHostSuffixes).toEqual({ ideasoft: ['myideasoft.com'], ticimax: [] });
    const config = loadConfig({ DATA_DIR: tempDir(), TICIMAX_VERIFIED_HOST_SUFFIXES: '*.Stores.example.com, shops.example.net' });
    expect(config.storeHostSuffixes.ticimax).toEqual(['stores.example.com', 'shops.example.net']);
  });

  it.each(['com', '*.', 'a..b', 'stores.example.com;evil.net'])('refuses TICIMAX_VERIFIED_HOST_SUFFIXES=%s', (value) => {
    expect(configError({ DATA_DIR: tempDir(), TICIMAX_VERIFIED_HOST_SUFFIXES: value }).message).toContain('TICIMAX_VERIFIED_HOST_SUFFIXES');
  });
});

describe('connector options from the environment', () => {
  it('leaves every option to the connector when unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.ciceksepetiRequestDates).toBeUndefined();
    expect(config.n11).toEqual({ senders: undefined, wallClockEpochs: undefined });
    expect(config.trendyolStreamIntervalMs).toBeUndefined();
  });

  it('reads the Çiçeksepeti date format, the N11 senders and epoch reading, and the Trendyol stream interval', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      CICEKSEPETI_REQUEST_DATES: 'utc',
      N11_SENDERS: ' seller , n11',
      N11_WALL_CLOCK_EPOCHS: 'false',
      TRENDYOL_STREAM_INTERVAL_MS: '8000',
    });
    expect(config.ciceksepetiRequestDates).toBe('utc');
    expect(config.n11).toEqual({ senders: ['SELLER', 'N11'], wallClockEpochs: false });
    expect(config.trendyolStreamIntervalMs).toBe(8000);
    expect(loadConfig({ DATA_DIR: tempDir(), N11_SENDERS: 'ALL' }).n11.senders).toEqual(['ALL']);
    expect(loadConfig({ DATA_DIR: tempDir(), TRENDYOL_STREAM_INTERVAL_MS: '0' }).trendyolStreamIntervalMs).toBe(0);
  });

  it.each([
    ['CICEKSEPETI_REQUEST_DATES', 'gmt', 'must be one of: offset, wall, utc'],
    ['N11_SENDERS', 'SELLER,N11DEPOM', 'must be SELLER, N11 or both separated by a comma, or ALL alone'],
    ['N11_SENDERS', 'SELLER,SELLER', 'must be SELLER, N11 or both separated by a comma, or ALL alone'],
    ['N11_SENDERS', 'ALL,N11', 'must be SELLER, N11 or both separated by a comma, or ALL alone'],
    ['N11_SENDERS', ',', 'must be SELLER, N11 or both separated by a comma, or ALL alone'],
    ['N11_WALL_CLOCK_EPOCHS', 'yes', 'must be one of: true, false'],
    ['TRENDYOL_STREAM_INTERVAL_MS', '5s', 'must be a whole number from 0 to 600000'],
    ['TRENDYOL_STREAM_INTERVAL_MS', '-1', 'must be a whole number from 0 to 600000'],
  ])('refuses %s=%s with one line naming it', (name, value, message) => {
    expect(configError({ DATA_DIR: tempDir(), [name]: value }).message).toBe(`Configuration error: ${name} ${message}`);
  });
});

describe('loadConfig errors', () => {
  it.each(['abc', '70000', '-1', '80.5'])('names PORT when it is %s', (port) => {
    const error = configError({ DATA_DIR: tempDir(), PORT: port });
    expect(error.message).toBe('Configuration error: PORT must be a whole number from 0 to 65535');
    expect(error.message).not.toContain('\n');
  });

  it.each(['JWT_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'PUBLIC_URL'])('refuses production without %s', (name) => {
    const env: Record<string, string> = { ...production, DATA_DIR: tempDir() };
    delete env[name];
    const error = configError(env);
    expect(error.message).toBe(`Configuration error: ${name} is required in production`);
  });

  it('accepts a complete production environment and never generates secrets there', () => {
    const dataDir = tempDir();
    const config = loadConfig({ ...production, DATA_DIR: dataDir });
    expect(config).toMatchObject({
      isProduction: true,
      delivery: 'live',
      marketplaceMode: 'live',
      publicUrl: 'https://portal.example.com',
    });
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('refuses the outbox and the marketplace sandbox in production', () => {
    expect(configError({ ...production, DELIVERY: 'outbox' }).message).toBe(
      'Configuration error: DELIVERY=outbox is not allowed in production',
    );
    expect(configError({ ...production, MARKETPLACE_MODE: 'sandbox' }).message).toBe(
      'Configuration error: MARKETPLACE_MODE=sandbox is not allowed in production',
    );
  });

  it.each(['IDEASOFT_BASE_URL', 'TICIMAX_BASE_URL', 'TRENDYOL_BASE_URL'])('refuses the base-URL override %s in production', (name) => {
    expect(configError({ ...production, [name]: 'https://127.0.0.1.nip.example/' }).message).toBe(
      `Configuration error: ${name} is not allowed in production`,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toBe('10.0.0.0/8,192.0.2.7');
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    for (const bad of ['yes', '0', '11', 'proxy.example', '10.0.0.0/33']) {
      expect(configError({ DATA_DIR: tempDir(), TRUST_PROXY: bad }).message).toMatch(
        /^Configuration error: TRUST_PROXY must be false, a hop count/,
      );
    }
  });

  it('refuses TRUST_PROXY=true in production: any client could choose its address through X-Forwarded-For', () => {
    expect(configError({ ...production, TRUST_PROXY: 'true' }).message).toMatch(
      /^Configuration error: TRUST_PROXY=true is not allowed in production/,
    );
    expect(loadConfig({ ...production, DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/8, 0.0.0.0/1', '1.0.0.0/7', 'fd00::/8', '::ffff:0:0/96', '::ffff:0.0.0.0/100', '::/80'])(
    'refuses the catch-all proxy range TRUST_PROXY=%s, in production and outside, with one line naming it',
    (value) => {
      const wide = value.split(',').at(-1)!.trim();
      const expected = `Configuration error: TRUST_PROXY ${wide} is too wide a proxy range: it takes in clients, who could then choose their address (give the number of proxies, e.g. 1, or their addresses)`;
      expect(configError({ ...production, DATA_DIR: tempDir(), TRUST_PROXY: value }).message).toBe(expected);
      expect(configError({ DATA_DIR: tempDir(), TRUST_PROXY: value }).message).toBe(expected);
    },
  );

  it('takes proxy addresses and ranges no wider than /8 (IPv4) or /16 (IPv6) in production', () => {
    const value = '127.0.0.1, 10.0.0.0/8, 192.0.2.0/24, fd00::/16, 2001:db8::/32, ::1, ::ffff:10.0.0.0/104';
    expect(loadConfig({ ...production, DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toBe(value.replace(/, /g, ','));
  });

  it('refuses DELIVERY=outbox on a public PUBLIC_URL, and opens /dev/outbox only when it is set explicitly', () => {
    expect(configError({ DATA_DIR: tempDir(), DELIVERY: 'outbox', PUBLIC_URL: 'https://staging.example.com' }).message).toMatch(
      /^Configuration error: DELIVERY=outbox is not allowed on a public PUBLIC_URL/,
    );
    expect(configError({ DATA_DIR: tempDir(), DELIVERY: 'outbox', PUBLIC_URL: 'http://93.184.216.34:8080' }).message).toMatch(
      /public PUBLIC_URL/,
    );
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://10.0.0.5', 'http://portal.test', 'http://[::1]:8080']) {
      expect(loadConfig({ DATA_DIR: tempDir(), DELIVERY: 'outbox', PUBLIC_URL: local }).devOutbox).toBe(true);
    }
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ delivery: 'outbox', devOutbox: false });
  });

  it("refuses a stand-in for Google's certificates in production (whoever serves them could sign in as anyone)", () => {
    expect(configError({ ...production, GOOGLE_CERTS_URL: 'http://127.0.0.1:9/certs' }).message).toBe(
      'Configuration error: GOOGLE_CERTS_URL is not allowed in production',
    );
  });

  it('asks for SMTP_URL and SMS_PROVIDER_URL when messages are really sent', () => {
    expect(configError({ DATA_DIR: tempDir(), DELIVERY: 'live' }).message).toBe(
      'Configuration error: SMTP_URL is required when DELIVERY=live',
    );
    expect(configError({ DATA_DIR: tempDir(), DELIVERY: 'live', SMTP_URL: 'smtp://localhost' }).message).toBe(
      'Configuration error: SMS_PROVIDER_URL is required when DELIVERY=live',
    );
  });

  it.each([
    ['JWT_SECRET', 'short', 'Configuration error: JWT_SECRET must be at least 32 characters'],
    ['ENCRYPTION_KEY', 'xyz', 'Configuration error: ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes)'],
    ['DATABASE_URL', 'mysql://db', 'Configuration error: DATABASE_URL must start with postgres:// or postgresql://'],
    ['SMTP_URL', 'http://mail', 'Configuration error: SMTP_URL must start with smtp:// or smtps://'],
  ])('explains a bad %s in one line', (name, value, message) => {
    expect(configError({ DATA_DIR: tempDir(), [name]: value }).message).toBe(message);
  });

  it.each([
    'NODE_ENV',
    'DELIVERY',
    'LOG_LEVEL',
    'TRUST_PROXY',
    'IP_RATE_LIMIT_PER_MINUTE',
    'CUSTOMER_RATE_LIMIT_FACTOR',
    'PUBLIC_URL',
    'BOOTSTRAP_EXPERT_EMAIL',
  ])('names %s when its value is not allowed', (name) => {
    const error = configError({ DATA_DIR: tempDir(), [name]: 'nonsense value' });
    expect(error.message.startsWith(`Configuration error: ${name} `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('wants the bootstrap expert e-mail and password together', () => {
    expect(configError({ DATA_DIR: tempDir(), BOOTSTRAP_EXPERT_EMAIL: 'expert@example.com' }).message).toBe(
      'Configuration error: BOOTSTRAP_EXPERT_EMAIL and BOOTSTRAP_EXPERT_PASSWORD must be set together',
    );
  });
});
