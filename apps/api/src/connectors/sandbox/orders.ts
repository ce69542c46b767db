/**
 * Plausible orders for sandbox stores. Every day of a store is generated from a seed made of the
 * store key and the day, so a store always shows the same orders for the same day (within a
 * calendar month: the growth curve is anchored six months before the current month so a fresh
 * sandbox store always "grew" over the last half year). Days follow Turkey time (UTC+3, no DST).
 *
 * Statuses use one small vocabulary shared by all connectors (`OrderStatus`); each sandbox maps
 * them to its marketplace's words and each connector maps them back, so a connector reading its
 * sandbox returns exactly `sandboxOrders(...)`.
 */
import type { MarketplaceOrder } from '../types.ts';

export type OrderStatus = 'created' | 'preparing' | 'shipped' | 'delivered' | 'cancelled' | 'returned';

export interface SandboxOrder extends MarketplaceOrder {
  status: OrderStatus;
}

export interface SandboxOrderLine {
  sku: string;
  productName: string;
  quantity: number;
  /** Integer kuruş; the lines of an order sum exactly to its totalAmount. */
  unitPrice: number;
}

export interface SandboxOrderDetail {
  customerFirstName: string;
  customerLastName: string;
  city: string;
  district: string;
  lines: SandboxOrderLine[];
}

const dayMs = 86_400_000;
const turkeyOffsetMs = 3 * 3_600_000;
/** How far back the sandbox has history. */
export const sandboxHistoryDays = 183;
const minAmount = 15_000;
const maxAmount = 300_000;
/** Sunday … Saturday: evenings at the start of the week sell best in Turkish e-commerce. */
const weekdayFactor = [1.25, 1.15, 1.0, 0.95, 0.95, 0.9, 1.05];

export function sandboxOrders(storeKey: string, from: Date, to: Date, now: Date = new Date()): SandboxOrder[] {
  const start = Math.max(from.getTime(), now.getTime() - sandboxHistoryDays * dayMs);
  const end = Math.min(to.getTime(), now.getTime());
  if (end <= start) return [];
  const orders: SandboxOrder[] = [];
  for (let day = turkeyDay(start); day <= turkeyDay(end - 1); day++) {
    for (const order of ordersOfDay(storeKey, day, now)) {
      const at = Date.parse(order.orderedAt);
      if (at >= start && at < end) orders.push(order);
    }
  }
  return orders;
}

/** Line items, customer and address of a sandbox order, derived from its id (stable). */
export function sandboxOrderDetail(order: MarketplaceOrder): SandboxOrderDetail {
  const random = seededRandom(`detail|${order.id}`);
  const lines: SandboxOrderLine[] = [];
  let left = order.totalAmount;
  for (let index = 0; index < order.itemCount; index++) {
    const product = products[Math.floor(random() * products.length)]!;
    const last = index === order.itemCount - 1;
    const share = last ? left : Math.max(100, Math.round((left / (order.itemCount - index)) * (0.7 + random() * 0.6)));
    const price = Math.min(share, left - (order.itemCount - index - 1) * 100);
    lines.push({ sku: `${product.sku}-${index + 1}`, productName: product.name, quantity: 1, unitPrice: price });
    left -= price;
  }
  const [city, district] = places[Math.floor(random() * places.length)]!;
  return {
    customerFirstName: firstNames[Math.floor(random() * firstNames.length)]!,
    customerLastName: lastNames[Math.floor(random() * lastNames.length)]!,
    city,
    district,
    lines,
  };
}

/** A stable number for a store key, used by sandboxes for package and line ids. */
export function stableNumber(text: string): number {
  return hash(text);
}

function ordersOfDay(storeKey: string, day: number, now: Date): SandboxOrder[] {
  const random = seededRandom(`${storeKey}|${day}`);
  const storeBase = 6 + (hash(storeKey) % 30);
  const anchor = growthAnchorDay(now);
  const trend = 1 + 0.5 * Math.min(Math.max((day - anchor) / sandboxHistoryDays, 0), 1.2);
  const weekday = new Date(day * dayMs).getUTCDay();
  const mean = storeBase * trend * weekdayFactor[weekday]!;
  const count = Math.max(0, Math.round(mean * (0.75 + random() * 0.5)));
  const prefix = hash(storeKey) % 90 + 10;
  const orders: SandboxOrder[] = [];
  for (let index = 0; index < count; index++) {
    // Most orders arrive between 08:00 and 24:00 Turkey time, evenings busiest.
    const hour = random() < 0.9 ? 8 + Math.floor(Math.sqrt(random()) * 16) : Math.floor(random() * 8);
    const minute = Math.floor(random() * 60);
    const second = Math.floor(random() * 60);
    const at = day * dayMs - turkeyOffsetMs + ((hour * 60 + minute) * 60 + second) * 1000;
    const amount = roundPrice(Math.exp(Math.log(minAmount) + (Math.log(maxAmount) - Math.log(minAmount)) * random() ** 1.6), random());
    const itemRoll = random();
    const itemCount = itemRoll < 0.6 ? 1 : itemRoll < 0.85 ? 2 : itemRoll < 0.95 ? 3 : 4;
    const fate = random();
    orders.push({
      id: `${prefix}${String(day).padStart(6, '0')}${String(index).padStart(4, '0')}`,
      orderedAt: new Date(at).toISOString(),
      totalAmount: Math.max(amount, itemCount * 100),
      currency: 'TRY',
      status: statusFor(now.getTime() - at, fate),
      itemCount,
    });
  }
  return orders.sort((a, b) => a.orderedAt.localeCompare(b.orderedAt));
}

function statusFor(ageMs: number, fate: number): OrderStatus {
  if (fate < 0.05) return 'cancelled';
  const ageDays = ageMs / dayMs;
  if (ageDays < 0.25) return 'created';
  if (ageDays < 1) return fate < 0.5 ? 'created' : 'preparing';
  if (ageDays < 3) return fate < 0.4 ? 'preparing' : 'shipped';
  if (ageDays < 6) return fate < 0.5 ? 'shipped' : 'delivered';
  return fate < 0.08 ? 'returned' : 'delivered';
}

/** Prices end like shop prices do: ,00 ,90 or ,99. */
function roundPrice(kurus: number, roll: number): number {
  const lira = Math.floor(kurus / 100);
  const ending = roll < 0.4 ? 90 : roll < 0.75 ? 99 : 0;
  return lira * 100 + ending;
}

function growthAnchorDay(now: Date): number {
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1);
  return turkeyDay(anchor);
}

function turkeyDay(ms: number): number {
  return Math.floor((ms + turkeyOffsetMs) / dayMs);
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

const products = [
  { sku: 'TSH-PMK', name: 'Pamuklu Basic Tişört' },
  { sku: 'KOT-SLM', name: 'Slim Fit Kot Pantolon' },
  { sku: 'SPR-AYK', name: 'Günlük Spor Ayakkabı' },
  { sku: 'NVR-4LU', name: 'Nevresim Takımı Çift Kişilik' },
  { sku: 'KHV-MKN', name: 'Filtre Kahve Makinesi' },
  { sku: 'TNC-SET', name: 'Granit Tencere Seti 7 Parça' },
  { sku: 'BLT-KLK', name: 'Bluetooth Kulaklık' },
  { sku: 'TLF-KLF', name: 'Silikon Telefon Kılıfı' },
  { sku: 'CNT-SRT', name: 'Sırt Çantası 25 L' },
  { sku: 'PRF-EDP', name: 'Kadın Parfüm EDP 50 ml' },
  { sku: 'BBK-BEZ', name: 'Bebek Bezi Ekonomik Paket' },
  { sku: 'OYN-LEG', name: 'Yapı Oyuncağı 500 Parça' },
  { sku: 'HLI-KLM', name: 'El Dokuma Kilim 120x180' },
  { sku: 'CAY-DML', name: 'Çaydanlık Takımı Çelik' },
  { sku: 'KTP-ROM', name: 'Roman Seti 3 Kitap' },
];

const firstNames = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ahmet', 'Fatma', 'Emre', 'Şeyma', 'Burak', 'Gülşen', 'Oğuz', 'İrem', 'Çağrı', 'Özge'];
const lastNames = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt'];
const places: Array<[string, string]> = [
  ['İstanbul', 'Kadıköy'],
  ['İstanbul', 'Beşiktaş'],
  ['İstanbul', 'Üsküdar'],
  ['Ankara', 'Çankaya'],
  ['Ankara', 'Keçiören'],
  ['İzmir', 'Karşıyaka'],
  ['İzmir', 'Bornova'],
  ['Bursa', 'Nilüfer'],
  ['Antalya', 'Muratpaşa'],
  ['Konya', 'Selçuklu'],
  ['Gaziantep', 'Şahinbey'],
  ['Eskişehir', 'Tepebaşı'],
  ['Kocaeli', 'İzmit'],
  ['Adana', 'Seyhan'],
  ['Trabzon', 'Ortahisar'],
];

// Small pieces shared by the sandbox plugins.

export interface SandboxOptions {
  /** Delay before every answer; default env SANDBOX_DELAY_MS, else 300 ms. */
  delayMs?: number;
}

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
