/**
 * Ticimax sandbox under /sandbox/ticimax: the SOAP 1.1 order service at /Servis/SiparisServis.svc
 * answering SelectSiparis like Ticimax's WCF service. The authorization code (UyeKodu) `sandbox`
 * is accepted; any other code faults with "Hatalı Kullanıcı Kodu" (HTTP 500), as Ticimax does.
 * The seller's domain never reaches the sandbox (the base URL replaces it), so every sandbox
 * Ticimax store shows the same orders.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { child, childText, escapeXml, fromTurkeyLocal, parseXml, ticimaxDurumOf, ticimaxNamespace, ticimaxSelectSiparisAction, type XmlElement } from '../ticimax.ts';
import { lira, pause, sandboxDelayMs, sandboxOrderDetail, sandboxOrders, sandboxSecret, type SandboxOptions } from './orders.ts';

const maxRecords = 1_000;
const turkeyOffsetMs = 3 * 3_600_000;
const storeKey = 'ticimax:sandbox';

const envelope = (body: string) =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${body}</s:Body></s:Envelope>`;

function fault(reply: FastifyReply, code: string, message: string) {
  return reply
    .code(500)
    .type('text/xml; charset=utf-8')
    .send(envelope(`<s:Fault><faultcode>${code}</faultcode><faultstring xml:lang="tr-TR">${escapeXml(message)}</faultstring></s:Fault>`));
}

const turkeyLocal = (iso: string) => new Date(Date.parse(iso) + turkeyOffsetMs).toISOString().slice(0, 19);

function field(name: string, value: string | number | boolean): string {
  return `<a:${name}>${escapeXml(String(value))}</a:${name}>`;
}

export async function ticimaxSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Body: string | undefined }>('/Servis/SiparisServis.svc', async (request, reply) => {
    const action = String(request.headers.soapaction ?? '').replace(/^"|"$/g, '');
    if (action !== ticimaxSelectSiparisAction) {
      return fault(reply, 'a:ActionNotSupported', `The message with Action '${action}' cannot be processed at the receiver.`);
    }
    let call: XmlElement | undefined;
    try {
      call = child(child(child(parseXml(String(request.body ?? '')), 'Envelope'), 'Body'), 'SelectSiparis');
    } catch {
      call = undefined;
    }
    if (!call) return fault(reply, 's:Client', 'The formatter threw an exception while trying to deserialize the message.');
    if (childText(call, 'UyeKodu') !== sandboxSecret) return fault(reply, 's:Client', 'Hatalı Kullanıcı Kodu');

    const filter = child(call, 'f');
    const paging = child(call, 's');
    const now = Date.now();
    const fromText = childText(filter, 'SiparisTarihiBas');
    const toText = childText(filter, 'SiparisTarihiSon');
    const from = fromText ? fromTurkeyLocal(fromText).getTime() : 0;
    const to = toText ? fromTurkeyLocal(toText).getTime() : now;
    if (!Number.isFinite(from) || !Number.isFinite(to)) return fault(reply, 's:Client', 'Tarih biçimi hatalı.');
    const start = Math.max(Number(childText(paging, 'BaslangicIndex') ?? 0) || 0, 0);
    const count = Math.min(Math.max(Number(childText(paging, 'KayitSayisi') ?? 100) || 100, 1), maxRecords);
    const withProducts = childText(filter, 'UrunGetir') === 'true';

    const all = sandboxOrders(storeKey, new Date(from), new Date(to), new Date(now));
    const rows = all.slice(start, start + count).map((order) => {
      const detail = sandboxOrderDetail(order);
      const durum = ticimaxDurumOf[order.status] ?? { code: 0, text: 'Siparişiniz Alındı' };
      const lines = detail.lines.map(
        (line, index) =>
          `<a:WebSiparisUrun>${field('Adet', line.quantity)}${field('ID', Number(order.id) * 10 + index)}${field('StokKodu', line.sku)}` +
          `${field('Tutar', lira(line.unitPrice * line.quantity))}${field('UrunAdi', line.productName)}</a:WebSiparisUrun>`,
      );
      const products = withProducts ? `<a:Urunler>${lines.join('')}</a:Urunler>` : '<a:Urunler i:nil="true"/>';
      return (
        '<a:WebSiparis>' +
        field('AdiSoyadi', `${detail.customerFirstName} ${detail.customerLastName}`) +
        field('Durum', durum.code) +
        field('ID', order.id) +
        field('ParaBirimi', order.currency) +
        field('SiparisDurumu', durum.text) +
        field('SiparisNo', `TCX${order.id}`) +
        field('SiparisTarihi', turkeyLocal(order.orderedAt)) +
        field('SiparisToplamTutari', lira(order.totalAmount)) +
        `<a:TeslimatAdresi>${field('Il', detail.city)}${field('Ilce', detail.district)}</a:TeslimatAdresi>` +
        products +
        '</a:WebSiparis>'
      );
    });
    return reply
      .type('text/xml; charset=utf-8')
      .send(
        envelope(
          `<SelectSiparisResponse xmlns="${ticimaxNamespace}"><SelectSiparisResult xmlns:a="http://schemas.datacontract.org/2004/07/" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${rows.join('')}</SelectSiparisResult></SelectSiparisResponse>`,
        ),
      );
  });
}
