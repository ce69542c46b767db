import type { Language } from '@worq/domain/language';
import type { OutgoingMessage } from '../../plugins/delivery.ts';

/*
 * The short texts of the account messages, in the customer's preferred language. They go through
 * app.delivery (the outbox by default); a later issue replaces them with full templates.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function email(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): OutgoingMessage {
  const body = [...paragraphs, ...(link ? [link.href] : [])].join('\n\n');
  const html =
    paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '');
  return { channel: 'email', to, subject, body, html };
}

const minutes = (seconds: number) => Math.round(seconds / 60);

export function phoneCodeSms(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  const body =
    language === 'en'
      ? `Your WorqTrade verification code is ${code}. It is valid for ${minutes(lifetimeSeconds)} minutes. Do not share it with anyone.`
      : `WorqTrade doğrulama kodunuz: ${code}. Kod ${minutes(lifetimeSeconds)} dakika geçerlidir. Kimseyle paylaşmayın.`;
  return { channel: 'sms', to, body };
}

export function emailVerificationCode(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  return language === 'en'
    ? email(to, 'Verify your email address', [
        `Your WorqTrade email verification code is ${code}.`,
        `It is valid for ${minutes(lifetimeSeconds)} minutes. If you did not ask for it, ignore this email.`,
      ])
    : email(to, 'E-posta adresinizi doğrulayın', [
        `WorqTrade e-posta doğrulama kodunuz: ${code}.`,
        `Kod ${minutes(lifetimeSeconds)} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.`,
      ]);
}

export function emailChangeCode(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  return language === 'en'
    ? email(to, 'Confirm your new email address', [
        `Your code to change your WorqTrade email to this address is ${code}.`,
        `It is valid for ${minutes(lifetimeSeconds)} minutes. If you did not ask for it, ignore this email.`,
      ])
    : email(to, 'Yeni e-posta adresinizi onaylayın', [
        `WorqTrade e-posta adresinizi bu adresle değiştirmek için kodunuz: ${code}.`,
        `Kod ${minutes(lifetimeSeconds)} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.`,
      ]);
}

export function passwordResetLink(language: Language, to: string, link: string, lifetimeSeconds: number): OutgoingMessage {
  return language === 'en'
    ? email(
        to,
        'Reset your password',
        [
          'We received a request to reset your WorqTrade password. Open the link below to choose a new one.',
          `The link works once and is valid for ${minutes(lifetimeSeconds)} minutes. If you did not ask for it, ignore this email; your password stays the same.`,
        ],
        { href: link, label: 'Choose a new password' },
      )
    : email(
        to,
        'Şifrenizi yenileyin',
        [
          'WorqTrade şifrenizi yenilemek için bir istek aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı açın.',
          `Bağlantı bir kez kullanılabilir ve ${minutes(lifetimeSeconds)} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.`,
        ],
        { href: link, label: 'Yeni şifre belirle' },
      );
}
