import { describe, expect, it } from 'vitest';
import { languages } from '@worq/domain/language';
import {
  emailTemplateNames,
  renderEmail,
  renderSms,
  smsTemplateNames,
  type EmailTemplateParams,
  type SmsTemplateParams,
} from './catalogue.ts';

const hostile = '<script>alert("x")</script> & \'quoted\'';

const emailParams: EmailTemplateParams = {
  email_verification_code: { code: '482913', lifetimeMinutes: 10 },
  email_change_code: { code: '570246', lifetimeMinutes: 10 },
  password_reset: { link: 'https://portal.example.com/change-password?token=abc&x=<b>', lifetimeMinutes: 60 },
  account_contact_changed: { what: 'email', newValue: 'y***@example.com' },
  application_received: { firstName: hostile },
  application_approved: { firstName: hostile },
  application_rejected: { firstName: 'Ayşe', reason: hostile },
  repayment_received: { firstName: hostile, amount: '₺1.000,00', paidAt: '10.03.2026', remaining: '₺2.000,00' },
  repayment_reminder: { firstName: 'Ayşe', number: 2, amount: '₺1.000,00', dueDate: '22.03.2026' },
  support_request: {
    name: hostile,
    email: 'ayse@example.com',
    phone: '+90 532 000 0000',
    topic: 'Şirket bilgisi değişikliği',
    contactPreference: 'Telefon',
    message: hostile,
  },
  funding_warning: {
    seller: hostile,
    lines: ['Installment 2 is 3 days late', hostile],
    link: 'https://portal.example.com/admin/applications/1',
  },
};

const smsParams: SmsTemplateParams = {
  phone_code: { code: '123456', lifetimeMinutes: 3 },
  application_received: { firstName: 'Ayşe' },
  application_approved: { firstName: 'Ayşe' },
  application_rejected: { firstName: 'Ayşe', reason: 'Ciro yetersiz' },
  repayment_received: { firstName: 'Ayşe', amount: '₺1.000,00', paidAt: '10.03.2026', remaining: '₺2.000,00' },
  repayment_reminder: { firstName: 'Ayşe', number: 2, amount: '₺1.000,00', dueDate: '22.03.2026' },
};

describe('e-mail templates', () => {
  for (const name of emailTemplateNames) {
    for (const language of languages) {
      it(`renders ${name} in ${language} with a subject, a text part and an HTML part`, () => {
        const email = renderEmail(name, language, emailParams[name] as never);
        expect(email.subject.length).toBeGreaterThan(5);
        expect(email.text.length).toBeGreaterThan(40);
        expect(email.html).toMatch(/^<!DOCTYPE html>/);
        expect(email.html).toContain(`<html lang="${language}">`);
        expect(email.html).toContain('WorqTrade');
        expect(email.html).not.toContain('<script>');
        expect(email.text).toContain('WorqTrade');
      });
    }
  }

  it('writes Turkish with Turkish letters and English in English', () => {
    const tr = renderEmail('email_verification_code', 'tr', emailParams.email_verification_code);
    const en = renderEmail('email_verification_code', 'en', emailParams.email_verification_code);
    expect(tr.subject).toBe('E-posta adresinizi doğrulayın');
    expect(tr.text).toContain('10 dakika geçerlidir');
    expect(en.subject).toBe('Verify your email address');
    expect(en.text).toContain('valid for 10 minutes');
  });

  it('puts the code in both parts', () => {
    for (const name of ['email_verification_code', 'email_change_code'] as const) {
      const email = renderEmail(name, 'tr', emailParams[name]);
      expect(email.text).toMatch(/\b(\d{6})\b/);
      expect(email.text.match(/\b(\d{6})\b/)?.[1]).toBe(emailParams[name].code);
      expect(email.html).toContain(`>${emailParams[name].code}</p>`);
    }
  });

  it('escapes a reject reason in the HTML and keeps it readable in the text', () => {
    const email = renderEmail('application_rejected', 'en', emailParams.application_rejected);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(email.text).toContain(hostile);
    expect(email.text).toContain('Reason');
  });

  it('escapes the first name in greetings', () => {
    const email = renderEmail('application_approved', 'tr', emailParams.application_approved);
    expect(email.html).toContain('Merhaba &lt;script&gt;');
    expect(email.html).not.toContain('<script>');
  });

  it('links the password reset button with an escaped address and prints the link in the text', () => {
    const email = renderEmail('password_reset', 'en', emailParams.password_reset);
    expect(email.html).toContain('href="https://portal.example.com/change-password?token=abc&amp;x=%3Cb%3E"');
    expect(email.text).toContain('https://portal.example.com/change-password?token=abc&x=%3Cb%3E');
  });

  it('refuses to turn a non-web link into a button', () => {
    const email = renderEmail('password_reset', 'en', { link: 'javascript:alert(1)', lifetimeMinutes: 60 });
    expect(email.html).not.toContain('javascript:');
    expect(email.html).toContain('href="#"');
  });
});

describe('SMS templates', () => {
  for (const name of smsTemplateNames) {
    for (const language of languages) {
      it(`renders ${name} in ${language} as one short line`, () => {
        const text = renderSms(name, language, smsParams[name] as never);
        expect(text).toContain('WorqTrade');
        expect(text).not.toContain('\n');
        expect(text.length).toBeLessThanOrEqual(160);
      });
    }
  }

  it('carries the phone code and the reject reason', () => {
    expect(renderSms('phone_code', 'tr', smsParams.phone_code)).toBe(
      'WorqTrade doğrulama kodunuz: 123456. Kod 3 dakika geçerlidir. Kimseyle paylaşmayın.',
    );
    expect(renderSms('application_rejected', 'en', smsParams.application_rejected)).toContain('Reason: Ciro yetersiz');
  });
});
