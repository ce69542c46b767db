/**
 * Plausible orders for sandbox stores (MARKETPLACES.md, last section). Every Istanbul day of a store
 * is generated from a seed made of the store key and the day, so a store always shows the same
 * orders for the same day: tests can assert exact totals. The shape of a store's history:
 * - a daily rhythm with weekly seasonality (Sunday and Monday sell best) and a growth trend over
 *   the last year, anchored to the current calendar month;
 * - a catalogue of products with different popularity and prices, one to four lines an order;
 * - statuses that move with the age of the order in whole Istanbul days (stable within a day),
 *   about 5 % cancelled and 6 % of delivered orders returned;
 * - split packages where the marketplace splits (Trendyol, N11: `splits: true`): the parent package
 *   keeps every line with the status `split` (Trendyol/N11 `UnPacked`) and two packages with the
 *   same order number replace it, one of them cancelled.
 *
 * Statuses use the shared vocabulary (`OrderStatus`) plus `split`; each sandbox maps them to its
 * marketplace's words and each connector maps them back, so a connector reading its sandbox returns
 * exactly `sandboxSales(...)` (the packages without split parents).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromIstanbulWallClock, istanbulDayNumber } from '@worq/domain/calendar';
import type { KnownOrderStatus, MarketplaceOrder } from '../types.ts';

export type { OrderStatus } from '../types.ts';

export type SandboxStatus = KnownOrderStatus | 'split';

export interface SandboxLine {
  sku: string;
  name: string;
  quantity: number;
  /** Integer kuruş per unit. */
  unitPrice: number;
}

export interface SandboxPackage {
  /** Package id, unique within the store. */
  id: string;
  /** Shared by the packages of a split order. */
  orderNumber: string;
  /** ISO 8601 UTC instant. */
  orderedAt: string;
  /** When the status last changed (ISO UTC): the order instant plus its age in whole days. */
  lastModifiedAt: string;
  status: SandboxStatus;
  /** Integer kuruş: the sum of quantity × unitPrice over the lines. */
  totalAmount: number;
  currency: 'TRY';
  lines: SandboxLine[];
}

export interface SandboxOrderOptions {
  /** "Now" for the generator; orders after it do not exist yet. Default: the current time. */
  now?: Date;
  /** Whether this marketplace splits packages (Trendyol, N11). */
  splits?: boolean;
  /** Multiplies the daily order count (benchmarks use it for large stores). Default 1. */
  scale?: number;
}

const dayMs = 86_400_000;
/** How far back the sandbox has history: a little more than the 12 months a backfill reads. */
export const sandboxHistoryDays = 400;
/** A package's status stops changing this many days after the order (its `lastModifiedAt` is at most this late). */
export const sandboxSettleDays = 8;
/**
 * A store whose seller id starts with this stopped selling `quietStoreDays` days ago (every
 * marketplace's sandbox): the after-funding journey shows how a drop in sales reaches the experts.
 */
export const quietStorePrefix = '999';
export const quietStoreDays = 10;

/** Sunday … Saturday: the start of the week sells best in Turkish e-commerce. */
const weekdayFactor = [1.25, 1.15, 1.0, 0.95, 0.95, 0.9, 1.05];

/** Every package of the store placed in [from, to), split parents included, oldest first. */
export function sandboxOrders(storeKey: string, from: Date, to: Date, options: SandboxOrderOptions = {}): SandboxPackage[] {
  const now = (options.now ?? new Date()).getTime();
  const start = Math.max(from.getTime(), now - sandboxHistoryDays * dayMs);
  const end = Math.min(to.getTime(), now);
  if (end <= start) return [];
  const today = istanbulDay(now);
  const packages: SandboxPackage[] = [];
  for (let day = istanbulDay(start); day <= istanbulDay(end - 1); day++) {
    for (const item of cachedDay(storeKey, day, today, options)) {
      const at = Date.parse(item.orderedAt);
      if (at >= start && at < end) packages.push(item);
    }
  }
  return packages;
}

/**
 * One page of the packages of a store that does not split, placed in [from, to), in id order (by
 * day, then by the order's number within the day): the `limit` packages from the `offset`th on, and
 * how many there are in all. Days wholly inside the range are counted rather than generated, and
 * nothing is kept, so paging through a year holds one page's days at a time, not the year.
 */
export function sandboxOrdersById(
  storeKey: string,
  from: Date,
  to: Date,
  offset: number,
  limit: number,
  options: Omit<SandboxOrderOptions, 'splits'> = {},
): { packages: SandboxPackage[]; total: number } {
  const now = (options.now ?? new Date()).getTime();
  const start = Math.max(from.getTime(), now - sandboxHistoryDays * dayMs);
  const end = Math.min(to.getTime(), now);
  if (end <= start) return { packages: [], total: 0 };
  const today = istanbulDay(now);
  const inRange = (item: SandboxPackage) => {
    const at = Date.parse(item.orderedAt);
    return at >= start && at < end;
  };
  const packagesById = (day: number) =>
    packagesOfDay(storeKey, day, today, options)
      .filter(inRange)
      .sort((a, b) => Number(a.id) - Number(b.id));
  const days: { day: number; count: number; generated?: SandboxPackage[] }[] = [];
  let total = 0;
  for (let day = istanbulDay(start); day <= istanbulDay(end - 1); day++) {
    const whole = fromIstanbulWallClock(day * dayMs) >= start && fromIstanbulWallClock((day + 1) * dayMs) <= end;
    const generated = whole ? undefined : packagesById(day);
    const count = generated ? generated.length : orderCountOfDay(storeKey, day, today, options).count;
    days.push({ day, count, ...(generated ? { generated } : {}) });
    total += count;
  }
  const packages: SandboxPackage[] = [];
  let first = 0;
  for (const { day, count, generated } of days) {
    if (packages.length >= limit) break;
    if (first + count > offset && count > 0) {
      const items = generated ?? packagesById(day);
      packages.push(...items.slice(Math.max(0, offset - first), Math.max(0, offset - first) + limit - packages.length));
    }
    first += count;
  }
  return { packages, total };
}

/** What a correct connector returns for the range: every package but split parents. */
export function sandboxSales(storeKey: string, from: Date, to: Date, options: SandboxOrderOptions = {}): MarketplaceOrder[] {
  return sandboxOrders(storeKey, from, to, options)
    .filter((item) => item.status !== 'split')
    .map((item) => toMarketplaceOrder(item));
}

/** The connector-side view of one sandbox package. */
export function toMarketplaceOrder(item: SandboxPackage): MarketplaceOrder {
  if (item.status === 'split') throw new Error('split parents are not orders');
  return {
    id: item.id,
    orderNumber: item.orderNumber,
    orderedAt: item.orderedAt,
    status: item.status,
    totalAmount: item.totalAmount,
    currency: item.currency,
    lines: item.lines.map((line) => ({ sku: line.sku, name: line.name, quantity: line.quantity, amount: line.unitPrice * line.quantity })),
  };
}

/** A stable number for a text, used by sandboxes for ids that must not change between calls. */
export function stableNumber(text: string): number {
  return hash(text);
}

/** The Istanbul calendar day (days since 1970-01-01) of an instant. */
export function istanbulDay(ms: number): number {
  return istanbulDayNumber(ms);
}

/**
 * Pages of one sandbox answer ask for the same days again and again (a year, page after page):
 * the days generated last are kept, so a backfill costs the product's work, not the generator's.
 */
const dayCache = new Map<string, SandboxPackage[]>();
const dayCacheSize = 20_000;

function cachedDay(storeKey: string, day: number, today: number, options: SandboxOrderOptions): SandboxPackage[] {
  const key = `${storeKey}|${day}|${today}|${options.splits ? 1 : 0}|${options.scale ?? 1}`;
  let items = dayCache.get(key);
  if (!items) {
    items = packagesOfDay(storeKey, day, today, options);
    if (dayCache.size >= dayCacheSize) dayCache.delete(dayCache.keys().next().value!);
    dayCache.set(key, items);
  }
  return items;
}

/** How many orders the store placed on Istanbul day `day`, and the day's random numbers that follow. */
function orderCountOfDay(
  storeKey: string,
  day: number,
  today: number,
  options: SandboxOrderOptions,
): { count: number; random: () => number } {
  const random = seededRandom(`${storeKey}|${day}`);
  const storeBase = 6 + (hash(storeKey) % 30);
  // Growth: about +60 % over the year up to this month, so recent months beat older ones.
  const anchor = today - 365;
  const trend = 1 + 0.6 * Math.min(Math.max((day - anchor) / 365, 0), 1.1);
  const weekday = new Date(day * dayMs).getUTCDay();
  const mean = storeBase * trend * weekdayFactor[weekday]! * (options.scale ?? 1);
  const quiet = (storeKey.split(':')[1] ?? '').startsWith(quietStorePrefix) && today - day < quietStoreDays;
  return { count: quiet ? 0 : Math.max(0, Math.round(mean * (0.75 + random() * 0.5))), random };
}

function packagesOfDay(storeKey: string, day: number, today: number, options: SandboxOrderOptions): SandboxPackage[] {
  const { count, random } = orderCountOfDay(storeKey, day, today, options);
  const storeHash = hash(storeKey);
  const prefix = (storeHash % 90) + 10;
  const ageDays = today - day;
  const items: SandboxPackage[] = [];
  for (let index = 0; index < count; index++) {
    // Most orders arrive between 08:00 and 24:00 Istanbul time, evenings busiest.
    const hour = random() < 0.9 ? 8 + Math.floor(Math.sqrt(random()) * 16) : Math.floor(random() * 8);
    const second = Math.floor(random() * 3600);
    const at = fromIstanbulWallClock(day * dayMs + (hour * 3600 + second) * 1000);
    const lines = linesFor(storeHash, random);
    const fate = random();
    const status = statusFor(ageDays, fate);
    const orderNumber = `${prefix}${String(day).padStart(6, '0')}${String(index).padStart(4, '0')}`;
    const base = {
      orderNumber,
      orderedAt: new Date(at).toISOString(),
      lastModifiedAt: new Date(at + Math.min(ageDays, sandboxSettleDays) * dayMs).toISOString(),
      currency: 'TRY' as const,
    };
    const splitRoll = random();
    if (options.splits && lines.length >= 2 && ageDays >= 1 && status !== 'cancelled' && splitRoll < 0.08) {
      // The seller could not supply the first line: the package is split into a cancelled one and
      // one with the rest, both with the buyer's order number.
      const [missing, ...kept] = lines as [SandboxLine, ...SandboxLine[]];
      items.push({ ...base, id: `${orderNumber}0`, status: 'split', totalAmount: sum(lines), lines });
      items.push({ ...base, id: `${orderNumber}1`, status: 'cancelled', totalAmount: sum([missing]), lines: [missing] });
      items.push({ ...base, id: `${orderNumber}2`, status, totalAmount: sum(kept), lines: kept });
    } else {
      items.push({ ...base, id: `${orderNumber}0`, status, totalAmount: sum(lines), lines });
    }
  }
  return items.sort((a, b) => a.orderedAt.localeCompare(b.orderedAt));
}

function linesFor(storeHash: number, random: () => number): SandboxLine[] {
  const roll = random();
  const count = roll < 0.6 ? 1 : roll < 0.85 ? 2 : roll < 0.95 ? 3 : 4;
  // Each store sells its own slice of the catalogue, with one clear best seller.
  const offset = storeHash % products.length;
  const lines: SandboxLine[] = [];
  for (let index = 0; index < count; index++) {
    const pick = Math.floor(random() ** 2.2 * 8);
    const product = products[(offset + pick) % products.length]!;
    const price = roundPrice(product.price * (0.9 + random() * 0.2), random());
    const quantity = random() < 0.85 ? 1 : 2;
    if (lines.some((line) => line.sku === product.sku)) continue;
    lines.push({ sku: product.sku, name: product.name, quantity, unitPrice: price });
  }
  return lines;
}

function statusFor(ageDays: number, fate: number): KnownOrderStatus {
  if (fate < 0.05) return 'cancelled';
  if (ageDays < 1) return fate < 0.6 ? 'created' : 'preparing';
  if (ageDays < 3) return fate < 0.4 ? 'preparing' : 'shipped';
  if (ageDays < 6) return fate < 0.5 ? 'shipped' : 'delivered';
  return fate > 0.94 ? 'returned' : 'delivered';
}

function sum(lines: SandboxLine[]): number {
  return lines.reduce((total, line) => total + line.unitPrice * line.quantity, 0);
}

/** Prices end like shop prices do: ,00 ,90 or ,99. */
function roundPrice(kurus: number, roll: number): number {
  const lira = Math.max(1, Math.floor(kurus / 100));
  const ending = roll < 0.4 ? 90 : roll < 0.75 ? 99 : 0;
  return lira * 100 + ending;
}

function hash(text: string): number {
  // FNV-1a, 32 bit.
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function seededRandom(seed: string): () => number {
  // mulberry32
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Prices in kuruş. */
const products = [
  { sku: 'TSH-PMK-01', name: 'Pamuklu Basic Tişört', price: 24_990 },
  { sku: 'KOT-SLM-32', name: 'Slim Fit Kot Pantolon', price: 69_990 },
  { sku: 'SPR-AYK-42', name: 'Günlük Spor Ayakkabı', price: 129_900 },
  { sku: 'NVR-CFT-01', name: 'Nevresim Takımı Çift Kişilik', price: 89_900 },
  { sku: 'KHV-MKN-01', name: 'Filtre Kahve Makinesi', price: 179_900 },
  { sku: 'TNC-SET-07', name: 'Granit Tencere Seti 7 Parça', price: 249_900 },
  { sku: 'BLT-KLK-01', name: 'Bluetooth Kulaklık', price: 99_900 },
  { sku: 'TLF-KLF-15', name: 'Silikon Telefon Kılıfı', price: 14_990 },
  { sku: 'CNT-SRT-25', name: 'Sırt Çantası 25 L', price: 54_990 },
  { sku: 'PRF-EDP-50', name: 'Kadın Parfüm EDP 50 ml', price: 119_900 },
  { sku: 'BBK-BEZ-04', name: 'Bebek Bezi Ekonomik Paket', price: 44_990 },
  { sku: 'OYN-YAP-500', name: 'Yapı Oyuncağı 500 Parça', price: 74_990 },
  { sku: 'HLI-KLM-120', name: 'El Dokuma Kilim 120x180', price: 159_900 },
  { sku: 'CAY-DML-01', name: 'Çaydanlık Takımı Çelik', price: 64_990 },
  { sku: 'KTP-ROM-03', name: 'Roman Seti 3 Kitap', price: 29_990 },
];

// Small pieces shared by the sandbox plugins.

export interface SandboxOptions {
  /** Delay before every answer (an import's pages: times `timeScale`); default env SANDBOX_DELAY_MS, else 300 ms. */
  delayMs?: number;
  /**
   * How fast an import's time runs against the marketplace's: the answer delay of order reads and
   * every documented wait the sandbox enforces are multiplied by it (the connectors keep the same
   * scaled waits, connectors/registry.ts). 1: the documented pace; 0: no waits. Default env
   * SANDBOX_TIME_SCALE, else 1 (the app passes config.sandboxTimeScale).
   */
  timeScale?: number;
  /** Multiplies every sandbox store's daily orders; default env SANDBOX_ORDER_SCALE, else 1. */
  orderScale?: number;
  /** The sandbox's clock (tests pin it); default Date.now. */
  now?: () => number;
  /** The portal's PUBLIC_URL: the OAuth consent pages send the browser back to its origin only. */
  publicUrl?: string;
}

/** How a sandbox refuses a request, as its marketplace does: status, body and (when not JSON) content type. */
export interface SandboxRefusal {
  status: number;
  body: unknown;
  contentType?: string;
}

export interface SandboxBasics {
  /** The sandbox's clock (`options.now`, else the real one). */
  clock(): number;
  /**
   * The packages of store `storeKey` placed in [from, to) as of `now` (ms), at the sandbox's order
   * scale. Shared between calls of the same minute: read it, never change it.
   */
  orders(storeKey: string, from: number, to: number, now: number, splits?: boolean): readonly SandboxPackage[];
  /**
   * One page of the same packages in id order, for a marketplace that does not split
   * (sandboxOrdersById), as of the minute of `now`: pages asked for within a minute agree.
   */
  ordersById(
    storeKey: string,
    from: number,
    to: number,
    now: number,
    offset: number,
    limit: number,
  ): { packages: SandboxPackage[]; total: number };
}

/**
 * What every sandbox plugin starts with: the answer delay before every request and, for a
 * marketplace that checks credentials before anything else, `refuse` before every handler (a
 * refusal is the answer). Returns the sandbox's clock and its store generator.
 */
export function openSandbox<Params = unknown>(
  app: FastifyInstance,
  options: SandboxOptions,
  refuse?: (request: FastifyRequest<{ Params: Params }>) => SandboxRefusal | null,
  /** Whether a request reads an import's orders (its answer waits `delayMs × timeScale`); the rest wait `delayMs`. */
  isOrderRead?: (request: FastifyRequest) => boolean,
): SandboxBasics {
  const delayMs = sandboxDelayMs(options);
  const orderReadDelayMs = delayMs * sandboxTimeScale(options);
  app.addHook('onRequest', async (request) => pause(isOrderRead?.(request) ? orderReadDelayMs : delayMs));
  if (refuse) {
    app.addHook<{ Params: Params }>('preHandler', async (request, reply) => {
      const refusal = refuse(request);
      if (!refusal) return;
      if (refusal.contentType) void reply.type(refusal.contentType);
      return reply.code(refusal.status).send(refusal.body);
    });
  }
  // An import asks for the same range page after page: the last answers are kept for the minute
  // they were asked in (an order placed in that minute shows from the next one on).
  const answers = new Map<string, readonly SandboxPackage[]>();
  const pageClock = new Map<string, number>();
  return {
    clock: () => options.now?.() ?? Date.now(),
    orders: (storeKey, from, to, now, splits = false) => {
      const key = `${storeKey}|${from}|${to}|${Math.floor(now / 60_000)}|${splits ? 1 : 0}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = sandboxOrders(storeKey, new Date(from), new Date(to), { now: new Date(now), splits, scale: sandboxOrderScale(options) });
        answers.set(key, answer);
        if (answers.size > 32) answers.delete(answers.keys().next().value!);
      }
      return answer;
    },
    ordersById: (storeKey, from, to, now, offset, limit) => {
      // The pages of a minute are cut as of its first request, as `orders` keeps its answer.
      const key = `${storeKey}|${from}|${to}|${Math.floor(now / 60_000)}`;
      const asOf = pageClock.get(key) ?? now;
      if (!pageClock.has(key)) {
        pageClock.set(key, now);
        if (pageClock.size > 32) pageClock.delete(pageClock.keys().next().value!);
      }
      return sandboxOrdersById(storeKey, new Date(from), new Date(to), offset, limit, {
        now: new Date(asOf),
        scale: sandboxOrderScale(options),
      });
    },
  };
}

export function sandboxOrderScale(options: SandboxOptions): number {
  if (options.orderScale !== undefined) return options.orderScale;
  const fromEnv = Number(process.env.SANDBOX_ORDER_SCALE);
  return process.env.SANDBOX_ORDER_SCALE !== undefined && Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 1;
}

/** The sandbox's time scale (SandboxOptions.timeScale). */
export function sandboxTimeScale(options: Pick<SandboxOptions, 'timeScale'>): number {
  if (options.timeScale !== undefined) return options.timeScale;
  const fromEnv = Number(process.env.SANDBOX_TIME_SCALE);
  return process.env.SANDBOX_TIME_SCALE !== undefined && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : 1;
}

/**
 * The app's time scale when SANDBOX_TIME_SCALE is not set (config.ts): a documented minute of
 * waiting passes in a fifth of a second, so a demo store's year of orders imports in seconds, each
 * marketplace as much slower than the others as its documented limits make it.
 */
export const defaultSandboxTimeScale = 0.003;

export function sandboxDelayMs(options: SandboxOptions): number {
  if (options.delayMs !== undefined) return options.delayMs;
  const fromEnv = Number(process.env.SANDBOX_DELAY_MS);
  return process.env.SANDBOX_DELAY_MS !== undefined && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : 300;
}

export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** user and password of a Basic authorization header, or null. */
export function readBasicAuth(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The sandbox's one accepted secret. */
export const sandboxSecret = 'sandbox';

/** Amount in lira as marketplaces write it (two decimals, as a number). */
export function lira(kurus: number): number {
  return Math.round(kurus) / 100;
}
