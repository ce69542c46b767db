/**
 * Ticimax order web service (docs/reference/MARKETPLACES.md, docs/marketplaces.md § Ticimax): SOAP 1.1 (WCF)
 * on the seller's own domain at `/Servis/SiparisServis.svc`, namespace http://tempuri.org/. The
 * seller's web-service authorization code travels in the body as `UyeKodu`; a wrong code answers
 * HTTP 500 with a SOAP fault (text unconfirmed; integrations report "Hatalı Kullanıcı Kodu"). Both
 * calls are `SelectSiparis(UyeKodu, f: WebSiparisFiltre, s: WebSiparisSayfalama)`: verify asks for
 * one record, listOrders for a date range page by page, cancelled products included.
 *
 * Safety: answers are read up to 5 MB and parsed with a real XML parser (no DOCTYPE, no regular
 * expressions over the document); redirects are not followed (stores often redirect the bare
 * domain to www, or http to https, and fetch would turn the POST into a GET): the seller is told
 * the canonical host instead. Dates are Istanbul wall-clock time both ways.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { istanbulLocalTime, parseIstanbulLocal } from '@worq/domain/calendar';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { marketplaceFetch, readCapped } from './http.ts';
import { publicStoreOrigin } from './ideasoft.ts';
import { ticimaxSelectSiparisAnswer, type TicimaxLine, type TicimaxOrder } from './ticimax-schema.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type OrderPage,
  type KnownOrderStatus,
  type VerifyResult,
} from './types.ts';

/** The service lives on each seller's own domain: the placeholder is replaced by store_domain. */
export const defaultBaseUrl = '{store_domain}';

export const ticimaxServicePath = '/Servis/SiparisServis.svc';
export const ticimaxNamespace = 'http://tempuri.org/';
export const ticimaxSelectSiparisAction = 'http://tempuri.org/ISiparisServis/SelectSiparis';
const soapEnvelopeNamespace = 'http://schemas.xmlsoap.org/soap/envelope/';
/** WCF's default data-contract namespace for Ticimax's filter and paging types. */
const dataContractNamespace = 'http://schemas.datacontract.org/2004/07/';

export const ticimaxOrdersPerPage = 100;

function serviceUrl(credentials: Credentials, ctx: ConnectorContext): string {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  const resolved = base.includes('{store_domain}')
    ? base.replace('{store_domain}', publicStoreOrigin(credentials.store_domain, 'store_domain'))
    : base;
  return `${resolved}${ticimaxServicePath}`;
}

/** Writes SOAP envelopes (and the sandbox's answers): `@_` attributes, text escaped. */
export const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, suppressBooleanAttributes: false });

/** WCF reads an unzoned xs:dateTime as server-local time, which for Ticimax is Istanbul (UTC+3). */
export function istanbulLocal(date: Date): string {
  return istanbulLocalTime(date).slice(0, 19);
}

/** Reads a Ticimax date: unzoned values are Istanbul time. */
export function fromIstanbulLocal(text: string): Date {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(text);
  return new Date(zoned ? Date.parse(text) : parseIstanbulLocal(text));
}

export interface SelectSiparisRequest {
  uyeKodu: string;
  from?: Date;
  to?: Date;
  startIndex: number;
  count: number;
  withProducts: boolean;
}

/**
 * The SOAP envelope of SelectSiparis. WCF's DataContractSerializer expects members in alphabetical
 * order; -1 means "any" for the numeric filters.
 */
export function selectSiparisEnvelope(request: SelectSiparisRequest): string {
  const filter: [string, string][] = [
    ['EntegrasyonAktarildi', '-1'],
    // Without it, cancelled products are left out of Urunler.
    ['IptalEdilmisUrunler', 'true'],
    ['KargoFirmaID', '-1'],
    ['OdemeDurumu', '-1'],
    ['OdemeTipi', '-1'],
    ['SiparisDurumu', '-1'],
    ['SiparisID', '-1'],
    ...(request.from ? ([['SiparisTarihiBas', istanbulLocal(request.from)]] as [string, string][]) : []),
    ...(request.to ? ([['SiparisTarihiSon', istanbulLocal(request.to)]] as [string, string][]) : []),
    ['TedarikciID', '-1'],
    ['UrunGetir', String(request.withProducts)],
    ['UyeID', '-1'],
  ];
  const paging: [string, string][] = [
    ['BaslangicIndex', String(request.startIndex)],
    ['KayitSayisi', String(request.count)],
    ['SiralamaDegeri', 'ID'],
    ['SiralamaYonu', 'ASC'],
  ];
  const members = (pairs: [string, string][]) => ({
    '@_xmlns:a': dataContractNamespace,
    '@_xmlns:i': 'http://www.w3.org/2001/XMLSchema-instance',
    ...Object.fromEntries(pairs.map(([name, value]) => [`a:${name}`, value])),
  });
  return xmlBuilder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'soap:Envelope': {
      '@_xmlns:soap': soapEnvelopeNamespace,
      'soap:Body': {
        SelectSiparis: { '@_xmlns': ticimaxNamespace, UyeKodu: request.uyeKodu, f: members(filter), s: members(paging) },
      },
    },
  });
}

/* ---------- Reading SOAP answers ---------- */

/** A parsed XML element: text, or an object of children (arrays for repeated ones) and `@_` attributes. */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

/** A SelectSiparis page of 100 orders with products is well under 1 MB; anything past this is refused. */
export const maxXmlBytes = 5 * 1024 * 1024;

/** Elements that may repeat and are always read as lists. */
const listElements = new Set(['WebSiparis', 'WebSiparisUrun']);

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The five XML entities only; DOCTYPE (and so entity definitions) is refused before parsing.
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: 64,
  isArray: (name) => listElements.has(name),
});

export class XmlError extends Error {
  override name = 'XmlError';
}

/**
 * Parses a SOAP document with a real XML parser. Refuses documents over `maxXmlBytes`, DOCTYPE
 * declarations (no entity expansion can be smuggled in) and anything not well-formed; every check
 * is linear in the input, so hostile input costs milliseconds.
 */
export function parseSoapXml(xml: string): Record<string, XmlNode | XmlNode[] | undefined> {
  if (Buffer.byteLength(xml, 'utf8') > maxXmlBytes) throw new XmlError('XML over the size limit');
  if (xml.includes('<!DOCTYPE') || xml.includes('<!doctype')) throw new XmlError('DOCTYPE is not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlError(`XML is not well-formed: ${valid.err.msg}`);
  const parsed = xmlParser.parse(xml) as unknown;
  if (typeof parsed !== 'object' || parsed === null) throw new XmlError('XML without a root element');
  return parsed as Record<string, XmlNode | XmlNode[] | undefined>;
}

/** The child `name` of an element (the first one when it repeats). */
export function child(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode | undefined {
  const element = Array.isArray(node) ? node[0] : node;
  if (element === undefined || typeof element === 'string') return undefined;
  const found = element[name];
  return Array.isArray(found) ? found[0] : found;
}

/** Every child `name` of an element. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const found = node[name];
  return found === undefined ? [] : Array.isArray(found) ? found : [found];
}

const numericReference = /&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g;

/** The text of an element (undefined when absent or `i:nil`), character references decoded. */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return decodeReferences(node);
  if (node['@_nil'] === 'true') return undefined;
  const text = node['#text'];
  return typeof text === 'string' ? decodeReferences(text) : '';
}

export function childText(node: XmlNode | undefined, name: string): string | undefined {
  return textOf(child(node, name));
}

function decodeReferences(text: string): string {
  if (!text.includes('&#')) return text;
  return text.replace(numericReference, (whole, code: string) => {
    const value = code.startsWith('x') || code.startsWith('X') ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : whole;
  });
}

/**
 * Ticimax's `Durum` codes in the shared vocabulary (docs/reference/MARKETPLACES.md § Ticimax).
 * A request is not final: a return request (11) or partial return request (16) leaves the order
 * where it was before the request, delivered; a cancellation request (14 before delivery, 15) leaves
 * it being prepared. Only what Ticimax did (8, 9, 10, 12, 13, 18, 22) ends it. A partial return
 * done (17) keeps the order, delivered, less the returned lines (partialReturn). A code Ticimax adds
 * later is `other`: the order is kept and counted.
 */
export const ticimaxStatusOfDurum: Record<string, KnownOrderStatus> = {
  '0': 'created', // Siparişiniz Alındı
  '1': 'created', // Onay Bekliyor
  '3': 'created', // Ödeme Bekliyor
  '2': 'preparing', // Onaylandı
  '4': 'preparing', // Paketleniyor
  '5': 'preparing', // Tedarik Ediliyor
  '14': 'preparing', // Teslimat Öncesi İptal Talebi: a request, not yet a cancellation
  '15': 'preparing', // İptal Talebi: a request, not yet a cancellation
  '6': 'shipped', // Kargoya Verildi
  '19': 'shipped', // Mağazaya Gönderildi
  '20': 'shipped', // Mağazaya Ulaştı
  '21': 'shipped', // Mağazada Teslim Bekliyor
  '7': 'delivered', // Teslim Edildi
  '11': 'delivered', // İade Talebi: a request, not yet a return
  '16': 'delivered', // Kısmi İade Talebi: a request, not yet a return
  '17': 'delivered', // Kısmi İade Yapıldı: the rest of the order stays sold
  '8': 'cancelled', // İptal Edildi
  '10': 'cancelled', // Silinmiş
  '9': 'returned', // İade Edildi
  '12': 'returned', // İade ulaştı, ödeme yapılacak
  '13': 'returned', // İade ödemesi yapıldı
  '18': 'returned', // Teslim Edilemedi
  '22': 'returned', // Cüzdana iade
};

/** The partial return done: the order stays, less the lines that came back. */
export const ticimaxPartialReturnDurum = '17';

/** The other way, for the sandbox: `Durum` code and its panel text per shared status. */
export const ticimaxDurumOf: Record<KnownOrderStatus, { code: number; text: string }> = {
  created: { code: 0, text: 'Siparişiniz Alındı' },
  preparing: { code: 4, text: 'Paketleniyor' },
  shipped: { code: 6, text: 'Kargoya Verildi' },
  delivered: { code: 7, text: 'Teslim Edildi' },
  cancelled: { code: 8, text: 'İptal Edildi' },
  returned: { code: 9, text: 'İade Edildi' },
};

/** Requests the sandbox also serves, each with the status the order had before it. */
export const ticimaxRequestDurumOf: Partial<Record<KnownOrderStatus, { code: number; text: string }[]>> = {
  preparing: [
    { code: 14, text: 'Teslimat Öncesi İptal Talebi' },
    { code: 15, text: 'İptal Talebi' },
  ],
  delivered: [
    { code: 11, text: 'İade Talebi' },
    { code: 16, text: 'Kısmi İade Talebi' },
  ],
};

/**
 * Where each value sits in a WebSiparis / WebSiparisUrun. ID, SiparisNo, SiparisTarihi,
 * SiparisToplamTutari, Durum, ParaBirimi and Adet are documented; the line fields are *unconfirmed*
 * (public integrations read StokKodu, UrunAdi and the unit price as Tutar + KdvTutari), and so is
 * the returned quantity of a line after a partial return (`IadeAdet`): correct them here, nowhere
 * else.
 */
export const ticimaxFields = {
  line: { sku: 'StokKodu', name: 'UrunAdi', unitNet: 'Tutar', unitTax: 'KdvTutari', returnedQuantity: 'IadeAdet' },
} as const;

const kurus = (lira: string | undefined) => {
  const value = Math.round(Number(lira ?? 0) * 100);
  return Number.isFinite(value) ? value : 0;
};

/** The status of a Durum code; undefined for a code Ticimax added later. */
export function ticimaxStatusOf(durum: string): KnownOrderStatus | undefined {
  return Object.prototype.hasOwnProperty.call(ticimaxStatusOfDurum, durum) ? ticimaxStatusOfDurum[durum] : undefined;
}

/**
 * A WebSiparis in our vocabulary. After a partial return (Durum 17) the order stays delivered and
 * only what came back leaves it: each line's returned units (`ticimaxFields.line.returnedQuantity`)
 * are taken off its quantity and their gross off the order's `SiparisToplamTutari`. When no line
 * says what came back, the order keeps its whole amount (docs/marketplaces.md § Ticimax).
 */
export function fromTicimaxOrder(order: TicimaxOrder): MarketplaceOrder {
  const f = ticimaxFields.line;
  const orderedAt = fromIstanbulLocal(order.SiparisTarihi);
  if (!Number.isFinite(orderedAt.getTime())) {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', `Ticimax order ${order.ID}: unreadable SiparisTarihi`);
  }
  const partialReturn = order.Durum === ticimaxPartialReturnDurum;
  const urunler = order.Urunler as { WebSiparisUrun?: TicimaxLine[] } | string | undefined;
  const products: TicimaxLine[] = typeof urunler === 'object' ? (urunler.WebSiparisUrun ?? []) : [];
  let returnedAmount = 0;
  const lines = products.flatMap((product) => {
    const text = (name: string) => {
      const value = (product as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : undefined;
    };
    const ordered = Number(product.Adet) || 0;
    const unit = kurus(text(f.unitNet)) + kurus(text(f.unitTax));
    const returned = partialReturn ? Math.min(Math.max(Number(text(f.returnedQuantity)) || 0, 0), ordered) : 0;
    returnedAmount += unit * returned;
    const quantity = ordered - returned;
    if (partialReturn && quantity === 0) return [];
    return [{ sku: text(f.sku) || `ticimax-${order.ID}`, name: text(f.name) ?? '', quantity, amount: unit * quantity }];
  });
  const currency = order.ParaBirimi;
  return {
    id: order.ID,
    orderNumber: order.SiparisNo || order.ID,
    orderedAt: orderedAt.toISOString(),
    status: ticimaxStatusOf(order.Durum) ?? 'other',
    totalAmount: Math.max(kurus(order.SiparisToplamTutari) - returnedAmount, 0),
    currency: !currency || currency === 'TL' ? 'TRY' : currency,
    lines,
  };
}

/**
 * A redirect is never followed: fetch would turn the POST into a GET, and the seller should save
 * the address the store really answers on. The message names that host.
 */
function redirectError(response: Response, requestUrl: string): ConnectorError {
  const location = response.headers.get('location') ?? '';
  let host = '';
  try {
    host = new URL(location, requestUrl).host;
  } catch {
    // an unreadable Location: no host to suggest
  }
  const detail = `Ticimax ${response.status} redirect to ${location.slice(0, 200)}`;
  if (!host) return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
  return new ConnectorError('bad_credentials', 'ticimax_redirect', detail, { params: { host } });
}

/** Calls SelectSiparis and returns its WebSiparis elements. Throws ConnectorError. */
async function selectSiparis(
  credentials: Credentials,
  request: Omit<SelectSiparisRequest, 'uyeKodu'>,
  ctx: ConnectorContext,
): Promise<TicimaxOrder[]> {
  const uyeKodu = credentials.authorization_code?.trim() ?? '';
  if (!uyeKodu) throw new ConnectorError('bad_credentials', 'ticimax_bad_code', 'authorization_code missing');
  const url = serviceUrl(credentials, ctx);
  const response = await marketplaceFetch(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${ticimaxSelectSiparisAction}"`, accept: 'text/xml' },
      body: selectSiparisEnvelope({ ...request, uyeKodu }),
      redirect: 'manual',
      // WCF answers every SOAP fault (a wrong code among them) with HTTP 500: read it, do not retry.
      finalStatuses: [500],
    },
    ctx,
  );
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw redirectError(response, url);
  }
  // Read up to `maxXmlBytes`; a longer answer is cut off and refused.
  const text = await readCapped(
    response,
    maxXmlBytes,
    (declaredBytes) =>
      new ConnectorError(
        'unexpected',
        'marketplace_unexpected',
        declaredBytes === undefined ? 'Ticimax answer too large' : `Ticimax answer too large (${declaredBytes} bytes)`,
      ),
  );
  let document: ReturnType<typeof parseSoapXml>;
  try {
    document = parseSoapXml(text);
  } catch (error) {
    if (response.status >= 500)
      throw new ConnectorError('unavailable', 'marketplace_unavailable', `Ticimax ${response.status} ${text.slice(0, 200)}`);
    throw new ConnectorError('unexpected', 'marketplace_unexpected', `Ticimax answer is not XML: ${(error as Error).message}`);
  }
  const body = child(child(document, 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const message = childText(fault, 'faultstring') ?? '';
    const detail = `Ticimax fault: ${message.slice(0, 300)}`;
    // The wrong-code text is unconfirmed; "Hatalı Kullanıcı Kodu" is what integrations report.
    const lower = message.toLocaleLowerCase('tr');
    if (lower.includes('kullanıcı kodu') || lower.includes('kullanici kodu') || lower.includes('uye kodu') || lower.includes('üye kodu')) {
      throw new ConnectorError('bad_credentials', 'ticimax_bad_code', detail);
    }
    if (lower.includes('yetki')) throw new ConnectorError('forbidden', 'marketplace_forbidden', detail);
    throw new ConnectorError('unexpected', 'marketplace_unexpected', detail);
  }
  if (response.status === 429)
    throw new ConnectorError('rate_limited', 'marketplace_rate_limited', `Ticimax ${response.status}`, { retryAfterMs: 60_000 });
  if (!response.ok) {
    throw new ConnectorError(
      response.status >= 500 ? 'unavailable' : 'unexpected',
      response.status >= 500 ? 'marketplace_unavailable' : 'marketplace_unexpected',
      `Ticimax ${response.status}`,
    );
  }
  const answer = ticimaxSelectSiparisAnswer.safeParse(document);
  if (!answer.success) {
    const issue = answer.error.issues[0];
    throw new ConnectorError(
      'unexpected',
      'marketplace_unexpected',
      `SelectSiparis: answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300),
    );
  }
  const result = answer.data.Envelope.Body.SelectSiparisResponse.SelectSiparisResult;
  return typeof result === 'string' ? [] : (result.WebSiparis ?? []);
}

interface TicimaxCursor {
  /** Range end fixed at the first call (ms). */
  end: number;
  /** BaslangicIndex of the next page. */
  start: number;
}

const isCursor = (value: TicimaxCursor) => Number.isFinite(value.end) && Number.isInteger(value.start) && value.start >= 0;
const unreadableCursor = () => new ConnectorError('unexpected', 'marketplace_unexpected', 'Ticimax: unreadable order cursor');

export const ticimaxConnector: Connector = {
  code: 'ticimax',
  fields: [
    { name: 'store_domain', type: 'url', required: true },
    { name: 'authorization_code', type: 'secret', required: true },
  ],

  async verify(credentials, ctx): Promise<VerifyResult> {
    await selectSiparis(credentials, { startIndex: 0, count: 1, withProducts: false }, ctx);
    try {
      return { storeName: new URL(publicStoreOrigin(credentials.store_domain, 'store_domain')).hostname };
    } catch {
      return {};
    }
  },

  /** Pages of 100 orders by BaslangicIndex, sorted by ID, over the whole range (Istanbul dates). */
  async listOrders(credentials, range, cursor, ctx): Promise<OrderPage> {
    const state: TicimaxCursor = cursor
      ? decodeCursor(cursor, isCursor, unreadableCursor)
      : { end: Math.min(range.to.getTime(), Date.now()), start: 0 };
    if (state.end <= range.from.getTime()) return { orders: [], cursor: null };
    const rows = await selectSiparis(
      credentials,
      { from: range.from, to: new Date(state.end), startIndex: state.start, count: ticimaxOrdersPerPage, withProducts: true },
      ctx,
    );
    const orders = rows.map(fromTicimaxOrder).filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= range.from.getTime() && at < state.end;
    });
    const next = rows.length === ticimaxOrdersPerPage ? { end: state.end, start: state.start + ticimaxOrdersPerPage } : null;
    return { orders, cursor: next ? encodeCursor(next) : null };
  },
};
