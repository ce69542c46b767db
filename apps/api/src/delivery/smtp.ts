import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type Transport } from './types.ts';

export interface SmtpSettings {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465; see nodemailer's URL format. */
  url: string;
  /** The From header, e.g. `WorqTrade <no-reply@example.com>`. */
  from: string;
  /** Limits of one delivery attempt; the queue retries after a timeout. */
  timeoutMs?: number;
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * E-mail over SMTP with nodemailer: every message has a plain-text and (when the template made one)
 * an HTML part, UTF-8 throughout. A recipient the server refuses for good (5xx on RCPT TO) is a
 * permanent failure; everything else (connection, 4xx, authentication) is retried by the queue.
 */
export function smtpTransport(settings: SmtpSettings): Transport {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject ?? 'WorqTrade',
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          textEncoding: 'quoted-printable',
          headers: message.template ? { 'X-WorqTrade-Template': message.template } : {},
        });
        return { providerId: String(info.messageId) };
      } catch (error) {
        throw describeSmtpFailure(error as SmtpFailure);
      }
    },
    close() {
      transporter.close();
    },
  };
}

function describeSmtpFailure(error: SmtpFailure): Error {
  const reason = `SMTP ${error.code ?? 'error'}${error.responseCode ? ` ${error.responseCode}` : ''}: ${error.response ?? error.message ?? 'unknown error'}`;
  const refusedRecipient = error.code === 'EENVELOPE' && typeof error.responseCode === 'number' && error.responseCode >= 500;
  return refusedRecipient ? new PermanentDeliveryError(reason) : new Error(reason);
}
