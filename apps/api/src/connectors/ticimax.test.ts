import { afterEach, describe, expect, it } from 'vitest';
import { sendText, startTestServer, type TestServer } from './test-server.ts';
import { child, childText, parseXml, ticimaxConnector } from './ticimax.ts';
import { ConnectorError } from './types.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const credentials = { store_domain: 'www.magaza.com', authorization_code: 'ABC123<&>' };
const xml = 'text/xml; charset=utf-8';
const envelope = (body: string) => `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${body}</s:Body></s:Envelope>`;
const result = (rows: string) =>
  envelope(
    `<SelectSiparisResponse xmlns="http://tempuri.org/"><SelectSiparisResult xmlns:a="http://schemas.datacontract.org/2004/07/" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${rows}</SelectSiparisResult></SelectSiparisResponse>`,
  );
const badCodeFault = envelope(
  '<s:Fault><faultcode xmlns:a="http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher">a:InternalServiceFault</faultcode><faultstring xml:lang="tr-TR">Hatalı Kullanıcı Kodu</faultstring></s:Fault>',
);
const order = (id: number, date = '2025-03-01T10:00:00', durum = 7) =>
  `<a:WebSiparis><a:Durum>${durum}</a:Durum><a:ID>${id}</a:ID><a:ParaBirimi>TL</a:ParaBirimi><a:SiparisNo>TCX-${id}</a:SiparisNo>` +
  `<a:SiparisTarihi>${date}</a:SiparisTarihi><a:SiparisToplamTutari>250.5</a:SiparisToplamTutari>` +
  '<a:Urunler><a:WebSiparisUrun><a:Adet>2</a:Adet></a:WebSiparisUrun><a:WebSiparisUrun><a:Adet>1</a:Adet></a:WebSiparisUrun></a:Urunler></a:WebSiparis>';

async function rejection(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a ConnectorError');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

function sentCall(body: string | undefined) {
  const call = child(child(child(parseXml(body ?? ''), 'Envelope'), 'Body'), 'SelectSiparis');
  return { call, filter: child(call, 'f'), paging: child(call, 's') };
}

describe('ticimaxConnector.verify', () => {
  it('posts a SelectSiparis envelope for one record with the code as UyeKodu and the SOAPAction header', async () => {
    server = await startTestServer((_req, res) => sendText(res, 200, result(order(1)), xml));
    await expect(ticimaxConnector.verify(credentials, { baseUrl: server.url, retries: 0 })).resolves.toEqual({ storeName: 'www.magaza.com' });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/Servis/SiparisServis.svc');
    expect(request?.headers.soapaction).toBe('"http://tempuri.org/ISiparisServis/SelectSiparis"');
    expect(request?.headers['content-type']).toContain('text/xml');
    expect(request?.body).toContain('<SelectSiparis xmlns="http://tempuri.org/">');
    // The code is escaped, not pasted into the XML.
    expect(request?.body).toContain('<UyeKodu>ABC123&lt;&amp;&gt;</UyeKodu>');
    const { call, paging } = sentCall(request?.body);
    expect(childText(call, 'UyeKodu')).toBe('ABC123<&>');
    expect(childText(paging, 'BaslangicIndex')).toBe('0');
    expect(childText(paging, 'KayitSayisi')).toBe('1');
  });

  it('maps the "Hatalı Kullanıcı Kodu" fault (HTTP 500) to ticimax_bad_code without retrying', async () => {
    server = await startTestServer((_req, res) => sendText(res, 500, badCodeFault, xml));
    const error = await rejection(ticimaxConnector.verify(credentials, { baseUrl: server.url, retries: 3 }));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('ticimax_bad_code');
    expect(server.requests).toHaveLength(1);
  });

  it('calls the seller domain over https when the base URL is the store placeholder', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(result(''), { status: 200 });
    };
    await ticimaxConnector.verify({ ...credentials, store_domain: 'https://www.magaza.com/admin' }, { baseUrl: '{store_domain}', fetch: fakeFetch, retries: 0 });
    expect(seen).toEqual(['https://www.magaza.com/Servis/SiparisServis.svc']);
  });
});

describe('ticimaxConnector.listOrders', () => {
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-02T00:00:00Z') };

  it('sends the date filter in Turkey time, pages with BaslangicIndex/KayitSayisi and stops on a short page', async () => {
    let throttled = false;
    server = await startTestServer((req, res) => {
      if (!throttled) {
        throttled = true;
        return sendText(res, 503, 'Service Unavailable', 'text/html', { 'retry-after': '0' });
      }
      const start = Number(childText(sentCall(req.body).paging, 'BaslangicIndex'));
      if (start === 0) return sendText(res, 200, result(Array.from({ length: 100 }, (_, index) => order(index + 1)).join('')), xml);
      return sendText(res, 200, result(order(101, '2025-03-02T01:00:00', 8) + order(102, '2025-03-02T04:00:00')), xml);
    });
    const ctx = { baseUrl: server.url, retries: 2 };
    const first = await ticimaxConnector.listOrders(credentials, range, 0, ctx);
    expect(first.nextPage).toBe(1);
    expect(first.orders[0]).toEqual({ id: '1', orderedAt: '2025-03-01T07:00:00.000Z', totalAmount: 25050, currency: 'TRY', status: 'delivered', itemCount: 3 });
    const second = await ticimaxConnector.listOrders(credentials, range, 1, ctx);
    // 04:00 Turkey time on 2 March is 01:00Z: outside the range and dropped.
    expect(second).toEqual({ nextPage: null, orders: [expect.objectContaining({ id: '101', status: 'cancelled', orderedAt: '2025-03-01T22:00:00.000Z' })] });

    const { filter, paging } = sentCall(server.requests[2]?.body);
    expect(childText(filter, 'SiparisTarihiBas')).toBe('2025-03-01T03:00:00');
    expect(childText(filter, 'SiparisTarihiSon')).toBe('2025-03-02T03:00:00');
    expect(childText(filter, 'UrunGetir')).toBe('true');
    expect(childText(paging, 'BaslangicIndex')).toBe('100');
    expect(childText(paging, 'KayitSayisi')).toBe('100');
  });
});

describe('parseXml', () => {
  it('reads prefixed elements, entities, CDATA and nil markers', () => {
    const document = parseXml('<?xml version="1.0"?><a:root xmlns:a="x"><a:t>1 &lt; 2 &amp; &#351;</a:t><a:c><![CDATA[<b>]]></a:c><a:n i:nil="true"/></a:root>');
    const root = child(document, 'root');
    expect(childText(root, 't')).toBe('1 < 2 & ş');
    expect(childText(root, 'c')).toBe('<b>');
    expect(childText(root, 'n')).toBeUndefined();
  });

  it('refuses DOCTYPE declarations and mismatched tags', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow();
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a><b></b>')).toThrow();
  });
});
