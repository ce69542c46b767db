/**
 * Ticimax order web service (shared/MARKETPLACES.md): SOAP 1.1 (WCF) on the seller's own domain at
 * `/Servis/SiparisServis.svc`, namespace http://tempuri.org/. The seller's web-service authorization
 * code travels in the body as `UyeKodu`; a wrong code answers HTTP 500 with a SOAP fault
 * "Hatalı Kullanıcı Kodu". Both calls are `SelectSiparis(UyeKodu, f: WebSiparisFiltre,
 * s: WebSiparisSayfalama)`: verify asks for one record, listOrders for a date range page by page.
 */
import { marketplaceFetch } from './http.ts';
import { publicStoreOrigin } from './ideasoft.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type OrderPage,
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

const ordersPerPage = 100;
/** A SelectSiparis answer with products is a few KB per order; anything far larger is refused. */
const maxResponseBytes = 20 * 1024 * 1024;
const turkeyOffsetMs = 3 * 3_600_000;

function serviceUrl(credentials: Credentials, ctx: ConnectorContext): string {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  const resolved = base.includes('{store_domain}')
    ? base.replace('{store_domain}', publicStoreOrigin(credentials.store_domain, 'store_domain'))
    : base;
  return `${resolved}${ticimaxServicePath}`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

/** WCF reads an unzoned xs:dateTime as server-local time, which for Ticimax is Turkey (UTC+3). */
function turkeyLocal(date: Date): string {
  return new Date(date.getTime() + turkeyOffsetMs).toISOString().slice(0, 19);
}

/** Reads a Ticimax date: unzoned values are Turkey time. */
export function fromTurkeyLocal(text: string): Date {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(text);
  return new Date(zoned ? text : `${text}+03:00`);
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
    ['KargoFirmaID', '-1'],
    ['OdemeDurumu', '-1'],
    ['OdemeTipi', '-1'],
    ['SiparisDurumu', '-1'],
    ['SiparisID', '-1'],
    ...(request.from ? ([['SiparisTarihiBas', turkeyLocal(request.from)]] as [string, string][]) : []),
    ...(request.to ? ([['SiparisTarihiSon', turkeyLocal(request.to)]] as [string, string][]) : []),
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
  const members = (pairs: [string, string][]) => pairs.map(([name, value]) => `<a:${name}>${escapeXml(value)}</a:${name}>`).join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${soapEnvelopeNamespace}">` +
    '<soap:Body>' +
    `<SelectSiparis xmlns="${ticimaxNamespace}">` +
    `<UyeKodu>${escapeXml(request.uyeKodu)}</UyeKodu>` +
    `<f xmlns:a="${dataContractNamespace}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${members(filter)}</f>` +
    `<s xmlns:a="${dataContractNamespace}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${members(paging)}</s>` +
    '</SelectSiparis>' +
    '</soap:Body>' +
    '</soap:Envelope>'
  );
}

/** An XML element with its namespace prefix dropped; enough of the document for SOAP answers. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return safeCodePoint(parseInt(entity.slice(2), 16), whole);
    if (entity.startsWith('#')) return safeCodePoint(parseInt(entity.slice(1), 10), whole);
    return entities[entity] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/**
 * A small, strict XML reader for SOAP answers: elements, attributes, text and CDATA. It refuses
 * DOCTYPE declarations (so no entity expansion can be smuggled in) and mismatched tags; it keeps no
 * namespace URIs, which the answers we read do not need.
 */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!([^>]*)>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = token.exec(xml)) !== null) {
    const current = stack[stack.length - 1]!;
    if (match.index > last) current.text += decodeEntities(xml.slice(last, match.index));
    last = token.lastIndex;
    const [, cdata, declaration, closing, tagName, attributeText, selfClosing] = match;
    if (cdata !== undefined) {
      current.text += cdata;
    } else if (declaration !== undefined) {
      throw new Error('XML declarations such as DOCTYPE are not accepted');
    } else if (tagName !== undefined) {
      const name = localName(tagName);
      if (closing) {
        if (current.name !== name || stack.length === 1) throw new Error(`XML tag mismatch at </${tagName}>`);
        stack.pop();
      } else {
        const attributes: Record<string, string> = {};
        for (const attribute of (attributeText ?? '').matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
          attributes[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? '');
        }
        const element: XmlElement = { name, attributes, children: [], text: '' };
        current.children.push(element);
        if (!selfClosing) stack.push(element);
      }
    }
  }
  if (stack.length !== 1) throw new Error('XML ended inside an element');
  const trailing = xml.slice(last).trim();
  if (trailing.includes('<')) throw new Error('XML has a broken tag');
  return root;
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((entry) => entry.name === name);
}

export function childText(element: XmlElement | undefined, name: string): string | undefined {
  const found = child(element, name);
  if (!found || found.attributes['i:nil'] === 'true' || found.attributes.nil === 'true') return undefined;
  return found.text.trim();
}

/** Ticimax's `Durum` codes in the shared vocabulary of sandbox/orders.ts. */
const statusFromDurum: Record<string, string> = {
  '0': 'created', // Siparişiniz Alındı
  '1': 'created', // Onay Bekliyor
  '3': 'created', // Ödeme Bekliyor
  '2': 'preparing', // Onaylandı
  '4': 'preparing', // Paketleniyor
  '5': 'preparing', // Tedarik Ediliyor
  '6': 'shipped', // Kargoya Verildi
  '19': 'shipped', // Mağazaya Gönderildi
  '20': 'shipped', // Mağazaya Ulaştı
  '21': 'shipped', // Mağazada Teslim Bekliyor
  '7': 'delivered', // Teslim Edildi
  '8': 'cancelled', // İptal Edildi
  '10': 'cancelled', // Silinmiş
  '14': 'cancelled', // Teslimat Öncesi İptal Talebi
  '15': 'cancelled', // İptal Talebi
  '9': 'returned', // İade Edildi
  '11': 'returned',
  '12': 'returned',
  '13': 'returned',
  '16': 'returned',
  '17': 'returned',
  '18': 'returned', // Teslim Edilemedi
  '22': 'returned',
};

/** The other way, for the sandbox: `Durum` code and its panel text per shared status. */
export const ticimaxDurumOf: Record<string, { code: number; text: string }> = {
  created: { code: 0, text: 'Siparişiniz Alındı' },
  preparing: { code: 4, text: 'Paketleniyor' },
  shipped: { code: 6, text: 'Kargoya Verildi' },
  delivered: { code: 7, text: 'Teslim Edildi' },
  cancelled: { code: 8, text: 'İptal Edildi' },
  returned: { code: 9, text: 'İade Edildi' },
};

function toMarketplaceOrder(order: XmlElement): MarketplaceOrder {
  const amount = Number(childText(order, 'SiparisToplamTutari') ?? 0);
  const currency = childText(order, 'ParaBirimi');
  const products = child(order, 'Urunler')?.children.filter((entry) => entry.name === 'WebSiparisUrun') ?? [];
  const durum = childText(order, 'Durum') ?? childText(order, 'SiparisDurumu') ?? '';
  return {
    id: childText(order, 'ID') ?? childText(order, 'SiparisNo') ?? '',
    orderedAt: fromTurkeyLocal(childText(order, 'SiparisTarihi') ?? '1970-01-01T03:00:00').toISOString(),
    totalAmount: Number.isFinite(amount) ? Math.round(amount * 100) : 0,
    currency: !currency || currency === 'TL' ? 'TRY' : currency,
    status: statusFromDurum[durum] ?? 'created',
    itemCount: products.reduce((sum, product) => sum + (Number(childText(product, 'Adet')) || 0), 0),
  };
}

async function readLimited(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > maxResponseBytes) {
    await response.body?.cancel();
    throw new ConnectorError('unexpected', 'marketplace_unexpected', `Ticimax answer too large (${length} bytes)`);
  }
  const text = await response.text();
  if (text.length > maxResponseBytes) throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ticimax answer too large');
  return text;
}

/** Calls SelectSiparis and returns its WebSiparis elements. Throws ConnectorError. */
async function selectSiparis(credentials: Credentials, request: Omit<SelectSiparisRequest, 'uyeKodu'>, ctx: ConnectorContext): Promise<XmlElement[]> {
  const uyeKodu = credentials.authorization_code?.trim() ?? '';
  if (!uyeKodu) throw new ConnectorError('bad_credentials', 'ticimax_bad_code', 'authorization_code missing');
  const response = await marketplaceFetch(
    serviceUrl(credentials, ctx),
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${ticimaxSelectSiparisAction}"`, accept: 'text/xml' },
      body: selectSiparisEnvelope({ ...request, uyeKodu }),
      // WCF answers every SOAP fault (a wrong code among them) with HTTP 500: read it, do not retry.
      finalStatuses: [500],
    },
    ctx,
  );
  const text = await readLimited(response);
  let document: XmlElement;
  try {
    document = parseXml(text);
  } catch (error) {
    if (response.status === 500) throw new ConnectorError('unavailable', 'marketplace_unavailable', `Ticimax 500 ${text.slice(0, 200)}`);
    throw new ConnectorError('unexpected', 'marketplace_unexpected', `Ticimax answer is not XML: ${(error as Error).message}`);
  }
  const body = child(child(document, 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const message = childText(fault, 'faultstring') ?? '';
    const detail = `Ticimax fault: ${message}`;
    if (/hatal[ıi] kullan[ıi]c[ıi] kodu/i.test(message)) throw new ConnectorError('bad_credentials', 'ticimax_bad_code', detail);
    if (/yetki/i.test(message)) throw new ConnectorError('forbidden', 'marketplace_forbidden', detail);
    throw new ConnectorError('unexpected', 'marketplace_unexpected', detail);
  }
  if (response.status === 429) throw new ConnectorError('rate_limited', 'marketplace_rate_limited', `Ticimax ${response.status}`);
  if (!response.ok) {
    throw new ConnectorError(response.status >= 500 ? 'unavailable' : 'unexpected', response.status >= 500 ? 'marketplace_unavailable' : 'marketplace_unexpected', `Ticimax ${response.status}`);
  }
  const result = child(child(body, 'SelectSiparisResponse'), 'SelectSiparisResult');
  if (!result) throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ticimax answer without SelectSiparisResult');
  return result.children.filter((entry) => entry.name === 'WebSiparis');
}

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

  /** `page` counts from 0; each page is `ordersPerPage` rows from BaslangicIndex page × size. */
  async listOrders(credentials, range, page, ctx): Promise<OrderPage> {
    if (!Number.isInteger(page) || page < 0) throw new RangeError('page must be a whole number from 0');
    const rows = await selectSiparis(
      credentials,
      { from: range.from, to: range.to, startIndex: page * ordersPerPage, count: ordersPerPage, withProducts: true },
      ctx,
    );
    const orders = rows.map(toMarketplaceOrder).filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= range.from.getTime() && at < range.to.getTime();
    });
    return { orders, nextPage: rows.length === ordersPerPage ? page + 1 : null };
  },
};
