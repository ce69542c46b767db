import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpTransport } from './smtp.ts';
import { renderEmail } from './templates/catalogue.ts';
import { PermanentDeliveryError, type QueuedMessage } from './types.ts';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

let server: SMTPServer | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real SMTP server on a random local port; it keeps what it receives. */
async function startSmtpServer(options: Partial<SMTPServerOptions> = {}): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.server.address() as AddressInfo).port, received };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as a mail client shows them. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The decoded body of the MIME part with this content type. */
function part(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(header(raw, 'content-type'))?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const found = raw.split(`--${boundary}`).find((section) => section.toLowerCase().includes(`content-type: ${contentType}`));
  if (!found) throw new Error(`no ${contentType} part`);
  const [head = '', ...rest] = found.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function message(overrides: Partial<QueuedMessage> = {}): QueuedMessage {
  const rendered = renderEmail('application_rejected', 'tr', {
    firstName: 'Şükrü Çağlayan',
    reason: 'Aylık ciro <yetersiz> & güncel değil',
  });
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    channel: 'email',
    to: 'sukru@example.com',
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    template: 'application_rejected',
    language: 'tr',
    ...overrides,
  };
}

describe('SMTP transport', () => {
  it('delivers a UTF-8 message with a subject, a text part and an HTML part over SMTP', async () => {
    const { port, received } = await startSmtpServer();
    const transport = smtpTransport({ url: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'WorqTrade <no-reply@worq.example>' });
    try {
      const receipt = await transport.send(message());
      expect(receipt?.providerId).toMatch(/^<.+@.+>$/);
    } finally {
      await transport.close?.();
    }

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.user).toBe('mailer');
    expect(mail!.from).toBe('no-reply@worq.example');
    expect(mail!.to).toEqual(['sukru@example.com']);
    expect(decodeHeader(header(mail!.raw, 'subject'))).toBe('WorqTrade başvurunuz hakkında');
    expect(header(mail!.raw, 'content-type')).toMatch(/^multipart\/alternative/);
    expect(header(mail!.raw, 'x-worqtrade-template')).toBe('application_rejected');

    const text = part(mail!.raw, 'text/plain');
    expect(text).toContain('Merhaba Şükrü Çağlayan,');
    expect(text).toContain('Aylık ciro <yetersiz> & güncel değil');
    expect(text).toContain('Gerekçe');

    const html = part(mail!.raw, 'text/html');
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain('Merhaba Şükrü Çağlayan,');
    expect(html).toContain('Aylık ciro &lt;yetersiz&gt; &amp; güncel değil');
    expect(mail!.raw).toMatch(/content-type: text\/plain; charset=utf-8/i);
    expect(mail!.raw).toMatch(/content-type: text\/html; charset=utf-8/i);
  });

  it('fails with the server reason when the credentials are wrong, and the failure can be retried', async () => {
    const { port, received } = await startSmtpServer();
    const transport = smtpTransport({ url: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'no-reply@worq.example' });
    try {
      const failure = await transport.send(message()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toMatch(/535/);
    } finally {
      await transport.close?.();
    }
    expect(received).toHaveLength(0);
  });

  it('treats a recipient the server refuses for good as a permanent failure', async () => {
    const { port } = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        else callback();
      },
    });
    const transport = smtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@worq.example' });
    try {
      const failure = await transport.send(message({ to: 'nobody@example.com' })).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toMatch(/550/);
    } finally {
      await transport.close?.();
    }
  });

  it('fails (to be retried) when no server listens', async () => {
    const { port } = await startSmtpServer();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const transport = smtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@worq.example', timeoutMs: 2_000 });
    const failure = await transport.send(message()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toMatch(/ECONNREFUSED|ECONNECTION/);
  });
});
