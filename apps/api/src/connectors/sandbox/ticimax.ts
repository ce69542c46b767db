/**
 * Ticimax sandbox under /sandbox/ticimax: the SOAP 1.1 order service at /Servis/SiparisServis.svc
 * answering SelectSiparis like Ticimax's WCF service:
 * - the authorization code (UyeKodu) `sandbox` is accepted; any other code faults with "Hatalı
 *   Kullanıcı Kodu" (HTTP 500 with a SOAP fault, as WCF does);
 * - like WCF's DataContractSerializer, a filter member out of alphabetical order is ignored (it
 *   keeps its default), so a misordered envelope silently loses its dates;
 * - dates are Istanbul wall clock; cancelled products come only with IptalEdilmisUrunler=true;
 * - some orders wait on a request (cancellation 14/15 while prepared, return 11/16 once delivered),
 *   and some delivered orders of several lines had their last line returned (Durum 17, the line's
 *   IadeAdet = its quantity, SiparisToplamTutari unchanged; only with ticimaxPartialReturns):
 *   ticimaxSandboxVariant says which;
 * - malformed or oversized XML gets a 400 / 413 SOAP fault at once (the same bounded parser as the
 *   connector: no DOCTYPE, linear checks), never a bare 500.
 * The seller's domain never reaches the sandbox (the base URL replaces it), so every sandbox
 * Ticimax store shows the orders of `ticimax:sandbox`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  child,
  childText,
  fromIstanbulLocal,
  istanbulLocal,
  parseSoapXml,
  ticimaxDurumOf,
  ticimaxNamespace,
  ticimaxRequestDurumOf,
  ticimaxSelectSiparisAction,
  xmlBuilder,
  type XmlNode,
} from '../ticimax.ts';
import type { KnownOrderStatus } from '../types.ts';
import { lira, openSandbox, sandboxSecret, stableNumber, type SandboxOptions } from './orders.ts';

const maxRecords = 1_000;
/** Larger requests are refused before parsing. */
export const ticimaxSandboxBodyLimit = 256 * 1024;
const storeKey = 'ticimax:sandbox';
/** VAT rate of the sandbox's products (Ticimax splits the unit price into Tutar + KdvTutari). */
const vatRate = 0.2;

/**
 * How the sandbox shows an order beyond its plain status: waiting on a request (the Durum of the
 * request), or partly returned (the index of the returned line), deterministic per order id.
 */
export function ticimaxSandboxVariant(
  order: { id: string; status: string; lines: readonly unknown[] },
  partialReturns: boolean,
): { request: { code: number; text: string } } | { partialReturnLine: number } | null {
  const pick = stableNumber(`ticimax-variant:${order.id}`) % 10;
  if (partialReturns && order.status === 'delivered' && order.lines.length > 1 && pick === 0) {
    return { partialReturnLine: order.lines.length - 1 };
  }
  const requests = order.status === 'preparing' || order.status === 'delivered' ? ticimaxRequestDurumOf[order.status] : undefined;
  if (requests && pick < 1 + requests.length && pick >= 1) return { request: requests[pick - 1]! };
  return null;
}

const envelope = (body: Record<string, unknown>) =>
  xmlBuilder.build({ 's:Envelope': { '@_xmlns:s': 'http://schemas.xmlsoap.org/soap/envelope/', 's:Body': body } });

function fault(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('text/xml; charset=utf-8')
    .send(envelope({ 's:Fault': { faultcode: code, faultstring: { '@_xml:lang': 'tr-TR', '#text': message } } }));
}

/** The filter's members as WCF reads them: in document order, skipping any out of alphabetical order. */
function dataContractMembers(node: XmlNode | undefined): Map<string, string | undefined> {
  const members = new Map<string, string | undefined>();
  if (node === undefined || typeof node === 'string') return members;
  let previous = '';
  for (const name of Object.keys(node)) {
    if (name.startsWith('@_') || name === '#text') continue;
    if (name < previous) continue;
    previous = name;
    members.set(name, childText(node, name));
  }
  return members;
}

export interface TicimaxSandboxOptions extends SandboxOptions {
  /**
   * Serve partial returns (Durum 17) too. Off by default: the embedded sandbox's revenue then
   * matches the shared generator's (sandboxSales), which other suites compare against.
   */
  ticimaxPartialReturns?: boolean;
}

export async function ticimaxSandbox(app: FastifyInstance, options: TicimaxSandboxOptions): Promise<void> {
  // Verify's one-record SelectSiparis is an order read too: the path does not tell them apart.
  const { clock, orders } = openSandbox(app, options, undefined, (request) => request.url.includes('/SiparisServis.svc'));
  app.addContentTypeParser(
    ['text/xml', 'application/soap+xml'],
    { parseAs: 'string', bodyLimit: ticimaxSandboxBodyLimit },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    return fault(
      reply,
      status,
      's:Client',
      status === 413 ? 'The maximum message size quota for incoming messages has been exceeded.' : 'Bad Request',
    );
  });

  app.post<{ Body: string | undefined }>('/Servis/SiparisServis.svc', async (request, reply) => {
    const action = String(request.headers.soapaction ?? '').replace(/^"|"$/g, '');
    if (action !== ticimaxSelectSiparisAction) {
      return fault(
        reply,
        500,
        'a:ActionNotSupported',
        `The message with Action '${action.slice(0, 200)}' cannot be processed at the receiver.`,
      );
    }
    let call: XmlNode | undefined;
    try {
      call = child(child(child(parseSoapXml(String(request.body ?? '')), 'Envelope'), 'Body'), 'SelectSiparis');
    } catch {
      call = undefined;
    }
    if (call === undefined)
      return fault(reply, 400, 's:Client', 'The formatter threw an exception while trying to deserialize the message.');
    if (childText(call, 'UyeKodu') !== sandboxSecret) return fault(reply, 500, 's:Client', 'Hatalı Kullanıcı Kodu');

    const filter = dataContractMembers(child(call, 'f'));
    const paging = child(call, 's');
    const now = clock();
    const fromText = filter.get('SiparisTarihiBas');
    const toText = filter.get('SiparisTarihiSon');
    const from = fromText ? fromIstanbulLocal(fromText).getTime() : 0;
    const to = toText ? fromIstanbulLocal(toText).getTime() : now;
    if (!Number.isFinite(from) || !Number.isFinite(to)) return fault(reply, 400, 's:Client', 'Tarih biçimi hatalı.');
    const start = Math.max(Number(childText(paging, 'BaslangicIndex') ?? 0) || 0, 0);
    const count = Math.min(Math.max(Number(childText(paging, 'KayitSayisi') ?? 100) || 100, 1), maxRecords);
    const withProducts = filter.get('UrunGetir') === 'true';
    const withCancelledProducts = filter.get('IptalEdilmisUrunler') === 'true';

    const all = orders(storeKey, from, to, now).filter((order) => order.status !== 'split');
    const rows = all.slice(start, start + count).map((order) => {
      const status = order.status as KnownOrderStatus;
      const variant = ticimaxSandboxVariant(order, options.ticimaxPartialReturns === true);
      const durum =
        variant && 'request' in variant
          ? variant.request
          : variant && 'partialReturnLine' in variant
            ? { code: 17, text: 'Kısmi İade Yapıldı' }
            : ticimaxDurumOf[status];
      const returnedLine = variant && 'partialReturnLine' in variant ? variant.partialReturnLine : -1;
      const lines =
        status === 'cancelled' && !withCancelledProducts
          ? []
          : order.lines.map((line, index) => {
              const net = Math.round(line.unitPrice / (1 + vatRate));
              return {
                'a:Adet': line.quantity,
                'a:ID': Number(order.id) * 10 + index,
                ...(index === returnedLine ? { 'a:IadeAdet': line.quantity } : {}),
                'a:KdvOrani': vatRate * 100,
                'a:KdvTutari': lira(line.unitPrice - net),
                'a:StokKodu': line.sku,
                'a:Tutar': lira(net),
                'a:UrunAdi': line.name,
              };
            });
      return {
        'a:Durum': durum.code,
        'a:ID': order.id,
        'a:ParaBirimi': 'TL',
        'a:SiparisDurumu': durum.text,
        'a:SiparisNo': order.orderNumber,
        'a:SiparisTarihi': istanbulLocal(new Date(order.orderedAt)),
        'a:SiparisToplamTutari': lira(order.totalAmount),
        'a:Urunler': withProducts ? { 'a:WebSiparisUrun': lines } : { '@_i:nil': 'true' },
      };
    });
    return reply.type('text/xml; charset=utf-8').send(
      envelope({
        SelectSiparisResponse: {
          '@_xmlns': ticimaxNamespace,
          SelectSiparisResult: {
            '@_xmlns:a': 'http://schemas.datacontract.org/2004/07/',
            '@_xmlns:i': 'http://www.w3.org/2001/XMLSchema-instance',
            'a:WebSiparis': rows,
          },
        },
      }),
    );
  });
}
