import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { providerPhoneNumber, smsTransport } from './sms.ts';
import { PermanentDeliveryError, type QueuedMessage } from './types.ts';

interface ProviderRequest {
  method: string;
  path: string;
  contentType: string;
  body: string;
}

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stand-in for the provider's HTTP API that answers each request with the next scripted reply. */
async function startProvider(replies: Array<{ status?: number; body: string }>): Promise<{ url: string; requests: ProviderRequest[] }> {
  const requests: ProviderRequest[] = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: String(request.headers['content-type']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)] ?? { body: '' };
      response.writeHead(reply.status ?? 200, { 'content-type': 'text/plain' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send/xml`, requests };
}

const tag = (xml: string, name: string) => new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

function sms(overrides: Partial<QueuedMessage> = {}): QueuedMessage {
  return {
    id: '00000000-0000-4000-8000-00000000000b',
    channel: 'sms',
    to: '5321112233',
    subject: null,
    body: 'WorqTrade doğrulama kodunuz: 123456. Kod 3 dakika geçerlidir. Kimseyle paylaşmayın.',
    html: null,
    template: 'phone_code',
    language: 'tr',
    ...overrides,
  };
}

const settings = { user: '8503020000', password: 'p&ss<word>', header: 'WORQ' };

describe('SMS provider adapter', () => {
  it('posts the credentials, the sender name, the number with the country code and the Turkish text', async () => {
    const provider = await startProvider([{ body: '00 1234567890' }]);
    const receipt = await smsTransport({ url: provider.url, ...settings }).send(sms());

    expect(receipt).toEqual({ providerId: '1234567890' });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/sms/send/xml');
    expect(request!.contentType).toBe('text/xml; charset=utf-8');
    expect(tag(request!.body, 'usercode')).toBe('8503020000');
    expect(tag(request!.body, 'password')).toBe('p&amp;ss&lt;word&gt;');
    expect(tag(request!.body, 'msgheader')).toBe('WORQ');
    expect(request!.body).toContain('<company dil="TR">');
    expect(tag(request!.body, 'no')).toBe('905321112233');
    expect(tag(request!.body, 'msg')).toBe(
      '<![CDATA[WorqTrade doğrulama kodunuz: 123456. Kod 3 dakika geçerlidir. Kimseyle paylaşmayın.]]>',
    );
  });

  it('keeps a text that contains the CDATA terminator intact', async () => {
    const provider = await startProvider([{ body: '00 77' }]);
    await smsTransport({ url: provider.url, ...settings }).send(sms({ body: 'a ]]> b' }));
    expect(tag(provider.requests[0]!.body, 'msg')).toBe('<![CDATA[a ]]]]><![CDATA[> b]]>');
  });

  it('fails with a readable reason on a provider error code, retryable for credentials', async () => {
    const provider = await startProvider([{ body: '30' }]);
    const failure = await sendFailure(provider.url);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toBe(
      'SMS provider refused the message (code 30): invalid username or password, or API access is not allowed from this IP address',
    );
  });

  it('treats a refused message text as permanent', async () => {
    const provider = await startProvider([{ body: '20' }]);
    const failure = await sendFailure(provider.url);
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toContain('code 20');
  });

  it('fails on an HTTP error and on an answer it does not understand', async () => {
    const provider = await startProvider([{ status: 503, body: 'maintenance' }, { body: '<html>login</html>' }]);
    const transport = providerTransport(provider.url);
    await expect(transport.send(sms())).rejects.toThrow('SMS provider answered HTTP 503');
    await expect(transport.send(sms())).rejects.toThrow('SMS provider gave an unexpected answer: <html>login</html>');
  });

  it('fails when the provider cannot be reached', async () => {
    const provider = await startProvider([]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(providerTransport(provider.url).send(sms())).rejects.toThrow(/^SMS provider unreachable/);
  });

  it('refuses a number that is not a Turkish mobile number without calling the provider', async () => {
    const provider = await startProvider([{ body: '00 1' }]);
    await expect(providerTransport(provider.url).send(sms({ to: '2121112233' }))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(provider.requests).toHaveLength(0);
  });
});

/** What sending one message through the provider at `url` fails with. */
function sendFailure(url: string): Promise<unknown> {
  return smsTransport({ url, ...settings })
    .send(sms())
    .catch((error: unknown) => error);
}

function providerTransport(url: string) {
  return smsTransport({ url, ...settings, timeoutMs: 2_000 });
}

describe('providerPhoneNumber', () => {
  it('writes stored and typed numbers as 905XXXXXXXXX', () => {
    expect(providerPhoneNumber('5321112233')).toBe('905321112233');
    expect(providerPhoneNumber('05321112233')).toBe('905321112233');
    expect(providerPhoneNumber('+90 532 111 22 33')).toBe('905321112233');
    expect(providerPhoneNumber('905321112233')).toBe('905321112233');
  });

  it('refuses landlines and foreign numbers', () => {
    expect(() => providerPhoneNumber('2121112233')).toThrow(PermanentDeliveryError);
    expect(() => providerPhoneNumber('+4915112345678')).toThrow(PermanentDeliveryError);
  });
});
