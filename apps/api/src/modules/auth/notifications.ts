import type { Language } from '@worq/domain/language';
import { renderEmail, renderSms, type EmailTemplateName, type EmailTemplateParams } from '../../delivery/templates/catalogue.ts';
import type { OutgoingMessage } from '../../plugins/delivery.ts';

/** The account messages, in the customer's preferred language, built from the delivery templates. */

const minutes = (seconds: number) => Math.round(seconds / 60);

function email<N extends EmailTemplateName>(name: N, language: Language, to: string, params: EmailTemplateParams[N]): OutgoingMessage {
  const rendered = renderEmail(name, language, params);
  return { channel: 'email', to, subject: rendered.subject, body: rendered.text, html: rendered.html, template: name, language };
}

export function phoneCodeSms(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  const body = renderSms('phone_code', language, { code, lifetimeMinutes: minutes(lifetimeSeconds) });
  return { channel: 'sms', to, body, template: 'phone_code', language };
}

export function emailVerificationCode(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  return email('email_verification_code', language, to, { code, lifetimeMinutes: minutes(lifetimeSeconds) });
}

export function emailChangeCode(language: Language, to: string, code: string, lifetimeSeconds: number): OutgoingMessage {
  return email('email_change_code', language, to, { code, lifetimeMinutes: minutes(lifetimeSeconds) });
}

export function passwordResetLink(language: Language, to: string, link: string, lifetimeSeconds: number): OutgoingMessage {
  return email('password_reset', language, to, { link, lifetimeMinutes: minutes(lifetimeSeconds) });
}

/** Tells the old e-mail address that the account's e-mail or phone changed (ARCHITECTURE.md §8). */
export function contactChangedNotice(language: Language, to: string, what: 'email' | 'phone', newValue: string): OutgoingMessage {
  return email('account_contact_changed', language, to, { what, newValue });
}
