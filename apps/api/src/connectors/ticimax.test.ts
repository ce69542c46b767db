/**
 * Ticimax connector against a local server. Fixture shapes: the SOAP 1.1 envelope of WCF, with
 * SelectSiparisResponse/SelectSiparisResult in http://tempuri.org/ and WebSiparis members in the
 * data-contract namespace, per Ticimax's SiparisServis WSDL; order fields ID, SiparisNo,
 * SiparisTarihi, SiparisToplamTutari, Durum, ParaBirimi, Urunler/WebSiparisUrun/Adet from
 * docs/reference/MARKETPLACES.md; StokKodu, UrunAdi, Tutar, KdvTutari as public Ticimax integrations read
 * them (unconfirmed). The "Hatalı Kullanıcı Kodu" fault is what integrations report for a wrong code.
 */
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder, readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { sendText } from './test-server.ts';
import { child, childText, children, maxXmlBytes, parseSoapXml, ticimaxConnector } from './ticimax.ts';

const marketplace = useLocalMarketplace();

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
  '<a:Urunler><a:WebSiparisUrun><a:Adet>2</a:Adet><a:KdvTutari>15</a:KdvTutari><a:StokKodu>KUPA-01</a:StokKodu><a:Tutar>75</a:Tutar><a:UrunAdi>Kupa &amp; Tabak</a:UrunAdi></a:WebSiparisUrun>' +
  '<a:WebSiparisUrun><a:Adet>1</a:Adet><a:KdvTutari>10.08</a:KdvTutari><a:StokKodu>CAY-02</a:StokKodu><a:Tutar>50.42</a:Tutar><a:UrunAdi>Çay</a:UrunAdi></a:WebSiparisUrun></a:Urunler></a:WebSiparis>';

function sentCall(body: string | undefined) {
  const call = child(child(child(parseSoapXml(body ?? ''), 'Envelope'), 'Body'), 'SelectSiparis');
  return { call, filter: child(call, 'f'), paging: child(call, 's') };
}

describe('ticimaxConnector.verify', () => {
  it('posts a SelectSiparis envelope for one record with the code as UyeKodu and the SOAPAction header', async () => {
    const server = await marketplace.start((_req, res) => sendText(res, 200, result(order(1)), xml));
    await expect(ticimaxConnector.verify(credentials, { baseUrl: server.url, retries: 0 })).resolves.toEqual({
      storeName: 'www.magaza.com',
    });
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
    const server = await marketplace.start((_req, res) => sendText(res, 500, badCodeFault, xml));
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
    await ticimaxConnector.verify(
      { ...credentials, store_domain: 'https://www.magaza.com/admin' },
      { baseUrl: '{store_domain}', fetch: fakeFetch, retries: 0 },
    );
    expect(seen).toEqual(['https://www.magaza.com/Servis/SiparisServis.svc']);
  });
});

describe('ticimaxConnector redirects', () => {
  it('does not follow a redirect to www and names the canonical host', async () => {
    const server = await marketplace.start((_req, res) => {
      res.writeHead(301, { location: 'https://www.magaza.com/Servis/SiparisServis.svc' });
      res.end();
    });
    const error = await rejection(ticimaxConnector.verify(credentials, { baseUrl: server.url, retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('ticimax_redirect');
    expect(error.options.params).toEqual({ host: 'www.magaza.com' });
    // One POST, no GET to the new address.
    expect(server.requests.map((request) => request.method)).toEqual(['POST']);
  });
});

describe('ticimaxConnector.listOrders', () => {
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-02T00:00:00Z') };

  it('sends the filter in Istanbul time and alphabetical order, pages with BaslangicIndex and maps lines', async () => {
    let failed = false;
    const server = await marketplace.start((req, res) => {
      if (!failed) {
        failed = true;
        return sendText(res, 503, 'Service Unavailable', 'text/html', { 'retry-after': '0' });
      }
      const start = Number(childText(sentCall(req.body).paging, 'BaslangicIndex'));
      if (start === 0) return sendText(res, 200, result(Array.from({ length: 100 }, (_, index) => order(index + 1)).join('')), xml);
      // 01:00 Istanbul on 2 March is 22:00Z on 1 March (inside); 04:00 is 01:00Z on 2 March (outside).
      return sendText(res, 200, result(order(101, '2025-03-02T01:00:00', 8) + order(102, '2025-03-02T04:00:00')), xml);
    });
    const { orders, calls: pages } = await readAllOrders(ticimaxConnector, credentials, range, { baseUrl: server.url, retries: 2 });
    expect(pages).toBe(2);
    expect(orders).toHaveLength(101);
    expect(orders[0]).toEqual(
      expectedOrder(
        '1',
        '2025-03-01T07:00:00.000Z',
        'delivered',
        25_050,
        [expectedLine('KUPA-01', 'Kupa & Tabak', 2, 18_000), expectedLine('CAY-02', 'Çay', 1, 6_050)],
        'TCX-1',
      ),
    );
    expect(orders[100]).toMatchObject({ id: '101', status: 'cancelled', orderedAt: '2025-03-01T22:00:00.000Z' });

    const { filter, paging } = sentCall(server.requests[2]?.body);
    expect(childText(filter, 'SiparisTarihiBas')).toBe('2025-03-01T03:00:00');
    expect(childText(filter, 'SiparisTarihiSon')).toBe('2025-03-02T03:00:00');
    expect(childText(filter, 'UrunGetir')).toBe('true');
    expect(childText(filter, 'IptalEdilmisUrunler')).toBe('true');
    expect(childText(paging, 'BaslangicIndex')).toBe('100');
    expect(childText(paging, 'KayitSayisi')).toBe('100');
    // WCF's DataContractSerializer drops members out of alphabetical order.
    const members = [...(server.requests[2]?.body ?? '').matchAll(/<a:(\w+)>/g)].map((match) => match[1]!);
    const filterMembers = members.slice(0, members.indexOf('BaslangicIndex'));
    expect(filterMembers).toEqual([...filterMembers].sort());
    expect(filterMembers).toContain('IptalEdilmisUrunler');
  });

  it('refuses an answer over the size cap without parsing it', async () => {
    const server = await marketplace.start((_req, res) => {
      res.writeHead(200, { 'content-type': xml });
      // Streamed without content-length: the cap must hold while reading.
      const chunk = `<a:X>${'y'.repeat(64 * 1024)}</a:X>`;
      res.write(result('').slice(0, 200));
      for (let sent = 0; sent <= maxXmlBytes; sent += chunk.length) res.write(chunk);
      res.end();
    });
    const error = await rejection(ticimaxConnector.listOrders(credentials, range, null, { baseUrl: server.url, retries: 0 }));
    expect(error.kind).toBe('unexpected');
    expect(error.detail).toContain('too large');
  });
});

describe('parseSoapXml', () => {
  it('reads prefixed elements, entities, CDATA, character references and nil markers', () => {
    const document = parseSoapXml(
      '<?xml version="1.0"?><a:root xmlns:a="x" xmlns:i="y"><a:t>1 &lt; 2 &amp; &#351;</a:t><a:c><![CDATA[<b>]]></a:c><a:n i:nil="true"/><a:WebSiparis><a:ID>1</a:ID></a:WebSiparis></a:root>',
    );
    const root = child(document, 'root');
    expect(childText(root, 't')).toBe('1 < 2 & ş');
    expect(childText(root, 'c')).toBe('<b>');
    expect(childText(root, 'n')).toBeUndefined();
    expect(children(root, 'WebSiparis')).toHaveLength(1);
  });

  it('refuses DOCTYPE declarations and mismatched tags', () => {
    expect(() => parseSoapXml('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow();
    expect(() => parseSoapXml('<a><b></a></b>')).toThrow();
    expect(() => parseSoapXml('<a><b></b>')).toThrow();
  });

  it('rejects hostile input in milliseconds', () => {
    for (const garbage of ['<'.repeat(1 << 20), '<a b="'.repeat(100_000), '<a>'.repeat(200_000), '<!--'.repeat(200_000)]) {
      const started = performance.now();
      expect(() => parseSoapXml(garbage)).toThrow();
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
