import type { Language } from '@worq/domain/language';
import { renderEmailContent, type EmailContent, type RenderedEmail } from './layout.ts';

/*
 * Every message the portal sends, in Turkish and English. E-mails are described as content and
 * laid out by layout.ts; SMS texts are short single lines (one SMS part where the values allow).
 */

interface CodeParams {
  code: string;
  lifetimeMinutes: number;
}

interface ApplicationParams {
  firstName: string;
}

/** Amounts arrive formatted the Turkish way in both languages, dates for the reader's language (repayment-notices.ts). */
interface PaymentParams {
  firstName: string;
  amount: string;
  paidAt: string;
  remaining: string;
}

interface ReminderParams {
  firstName: string;
  number: number;
  amount: string;
  dueDate: string;
}

export interface EmailTemplateParams {
  email_verification_code: CodeParams;
  email_change_code: CodeParams;
  password_reset: { link: string; lifetimeMinutes: number };
  /** Sent to the old address when the account's e-mail or phone changes; `newValue` is masked. */
  account_contact_changed: { what: 'email' | 'phone'; newValue: string };
  application_received: ApplicationParams;
  application_approved: ApplicationParams;
  application_rejected: ApplicationParams & { reason: string };
  repayment_received: PaymentParams;
  repayment_reminder: ReminderParams;
  /** To the provider's team (SUPPORT_EMAIL); labels already in the team's language. */
  support_request: { name: string; email: string; phone: string; topic: string; contactPreference: string; message: string };
  /** To each expert when a funded application raises warnings (issue 36); lines already in the expert's language. */
  funding_warning: { seller: string; lines: string[]; link: string };
}

export interface SmsTemplateParams {
  phone_code: CodeParams;
  application_received: ApplicationParams;
  application_approved: ApplicationParams;
  application_rejected: ApplicationParams & { reason: string };
  repayment_received: PaymentParams;
  repayment_reminder: ReminderParams;
}

export type EmailTemplateName = keyof EmailTemplateParams;
export type SmsTemplateName = keyof SmsTemplateParams;
export type TemplateName = EmailTemplateName | SmsTemplateName;

type Localized<P, R> = Record<Language, (params: P) => R>;

const emailTemplates: { [N in EmailTemplateName]: Localized<EmailTemplateParams[N], EmailContent> } = {
  email_verification_code: {
    tr: ({ code, lifetimeMinutes }) => ({
      subject: 'E-posta adresinizi doğrulayın',
      preheader: `Doğrulama kodunuz: ${code}`,
      paragraphs: ['WorqTrade hesabınızın e-posta adresini doğrulamak için aşağıdaki kodu girin.'],
      code,
      note: `Kod ${lifetimeMinutes} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın ve kodu kimseyle paylaşmayın.`,
    }),
    en: ({ code, lifetimeMinutes }) => ({
      subject: 'Verify your email address',
      preheader: `Your verification code: ${code}`,
      paragraphs: ['Enter the code below to verify the email address of your WorqTrade account.'],
      code,
      note: `The code is valid for ${lifetimeMinutes} minutes. If you did not ask for it, ignore this email and do not share the code with anyone.`,
    }),
  },
  email_change_code: {
    tr: ({ code, lifetimeMinutes }) => ({
      subject: 'Yeni e-posta adresinizi onaylayın',
      preheader: `Onay kodunuz: ${code}`,
      paragraphs: ['WorqTrade hesabınızın e-posta adresini bu adresle değiştirmek için aşağıdaki kodu girin.'],
      code,
      note: `Kod ${lifetimeMinutes} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; e-posta adresiniz değişmez.`,
    }),
    en: ({ code, lifetimeMinutes }) => ({
      subject: 'Confirm your new email address',
      preheader: `Your confirmation code: ${code}`,
      paragraphs: ['Enter the code below to change the email address of your WorqTrade account to this one.'],
      code,
      note: `The code is valid for ${lifetimeMinutes} minutes. If you did not ask for it, ignore this email; your email address stays the same.`,
    }),
  },
  password_reset: {
    tr: ({ link, lifetimeMinutes }) => ({
      subject: 'Şifrenizi yenileyin',
      preheader: 'WorqTrade şifrenizi yenilemek için bağlantınız',
      paragraphs: ['WorqTrade şifrenizi yenilemek için bir istek aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı açın.'],
      action: { href: link, label: 'Yeni şifre belirle' },
      note: `Bağlantı bir kez kullanılabilir ve ${lifetimeMinutes} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.`,
    }),
    en: ({ link, lifetimeMinutes }) => ({
      subject: 'Reset your password',
      preheader: 'Your link to reset your WorqTrade password',
      paragraphs: ['We received a request to reset your WorqTrade password. Open the link below to choose a new one.'],
      action: { href: link, label: 'Choose a new password' },
      note: `The link works once and is valid for ${lifetimeMinutes} minutes. If you did not ask for it, ignore this email; your password stays the same.`,
    }),
  },
  account_contact_changed: {
    tr: ({ what, newValue }) => ({
      subject: what === 'email' ? 'E-posta adresiniz değiştirildi' : 'Telefon numaranız değiştirildi',
      preheader: 'WorqTrade hesabınızın iletişim bilgisi değişti',
      paragraphs: [
        what === 'email'
          ? `WorqTrade hesabınızın e-posta adresi ${newValue} olarak değiştirildi. Bu adrese artık hesabınızla ilgili e-posta göndermeyeceğiz.`
          : `WorqTrade hesabınızın telefon numarası ${newValue} olarak değiştirildi.`,
      ],
      note: 'Bu değişikliği siz yapmadıysanız hemen şifrenizi yenileyin ve bizimle iletişime geçin.',
    }),
    en: ({ what, newValue }) => ({
      subject: what === 'email' ? 'Your email address was changed' : 'Your phone number was changed',
      preheader: 'The contact details of your WorqTrade account changed',
      paragraphs: [
        what === 'email'
          ? `The email address of your WorqTrade account was changed to ${newValue}. We will no longer send account emails to this address.`
          : `The phone number of your WorqTrade account was changed to ${newValue}.`,
      ],
      note: 'If you did not make this change, reset your password at once and contact us.',
    }),
  },
  application_received: {
    tr: ({ firstName }) => ({
      subject: 'WorqTrade başvurunuzu aldık',
      preheader: 'Başvurunuz uzmanlarımız tarafından incelenecek.',
      greeting: `Merhaba ${firstName},`,
      paragraphs: [
        'WorqTrade başvurunuzu aldık. Uzmanlarımız planınızı ve mağazalarınızı inceleyip sonucu size e-posta ve SMS ile bildirecek.',
        'Başvurunuzun durumunu portaldaki Başvurularım sayfasından da takip edebilirsiniz.',
      ],
    }),
    en: ({ firstName }) => ({
      subject: 'We received your WorqTrade application',
      preheader: 'Our experts will review your application.',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'We received your WorqTrade application. Our experts will review your plan and stores and let you know the result by email and SMS.',
        'You can also follow the status of your application on the Applications page of the portal.',
      ],
    }),
  },
  application_approved: {
    tr: ({ firstName }) => ({
      subject: 'WorqTrade başvurunuz onaylandı',
      preheader: 'Tebrikler, başvurunuz onaylandı.',
      greeting: `Merhaba ${firstName},`,
      paragraphs: [
        'Tebrikler, WorqTrade başvurunuz onaylandı.',
        'Sonraki adımlar için ekibimiz sizinle iletişime geçecek. Başvurunuzun ayrıntılarını portaldaki Başvurularım sayfasında görebilirsiniz.',
      ],
    }),
    en: ({ firstName }) => ({
      subject: 'Your WorqTrade application has been approved',
      preheader: 'Congratulations, your application has been approved.',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Congratulations, your WorqTrade application has been approved.',
        'Our team will contact you about the next steps. You can see the details of your application on the Applications page of the portal.',
      ],
    }),
  },
  application_rejected: {
    tr: ({ firstName, reason }) => ({
      subject: 'WorqTrade başvurunuz hakkında',
      preheader: 'Başvurunuz bu kez onaylanmadı.',
      greeting: `Merhaba ${firstName},`,
      paragraphs: ['WorqTrade başvurunuzu inceledik ve bu kez onaylayamadık.'],
      quote: { label: 'Gerekçe', text: reason },
      note: 'Planınızı güncelleyip portal üzerinden yeni bir başvuru yapabilirsiniz.',
    }),
    en: ({ firstName, reason }) => ({
      subject: 'About your WorqTrade application',
      preheader: 'Your application was not approved this time.',
      greeting: `Hello ${firstName},`,
      paragraphs: ['We reviewed your WorqTrade application and could not approve it this time.'],
      quote: { label: 'Reason', text: reason },
      note: 'You can update your plan and apply again through the portal.',
    }),
  },
  repayment_received: {
    tr: ({ firstName, amount, paidAt, remaining }) => ({
      subject: 'Ödemeniz kaydedildi',
      preheader: `${amount} tutarındaki ödemeniz kaydedildi.`,
      greeting: `Merhaba ${firstName},`,
      paragraphs: [
        `${paidAt} tarihli ${amount} tutarındaki ödemeniz WorqTrade ödeme planınıza kaydedildi. Kalan borcunuz: ${remaining}.`,
        'Ödeme planınızı ve taksitlerinizi portaldaki Başvurularım sayfasında görebilirsiniz.',
      ],
    }),
    en: ({ firstName, amount, paidAt, remaining }) => ({
      subject: 'Your payment has been recorded',
      preheader: `Your payment of ${amount} has been recorded.`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        `Your payment of ${amount} on ${paidAt} has been recorded on your WorqTrade repayment schedule. Left to pay: ${remaining}.`,
        'You can see your schedule and installments on the Applications page of the portal.',
      ],
    }),
  },
  repayment_reminder: {
    tr: ({ firstName, number, amount, dueDate }) => ({
      subject: `${number}. taksitinizin son ödeme günü ${dueDate}`,
      preheader: `${amount} tutarındaki taksitinizin son ödeme günü yaklaşıyor.`,
      greeting: `Merhaba ${firstName},`,
      paragraphs: [
        `WorqTrade ödeme planınızdaki ${number}. taksitinizin (${amount}) son ödeme günü ${dueDate}.`,
        'Ödeme planınızı portaldaki Başvurularım sayfasında görebilirsiniz. Ödemeyi yaptıysanız bu mesajı dikkate almayın.',
      ],
    }),
    en: ({ firstName, number, amount, dueDate }) => ({
      subject: `Installment ${number} is due on ${dueDate}`,
      preheader: `Your installment of ${amount} is due soon.`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        `Installment ${number} (${amount}) of your WorqTrade repayment schedule is due on ${dueDate}.`,
        'You can see your schedule on the Applications page of the portal. If you have already paid, please ignore this message.',
      ],
    }),
  },
  funding_warning: {
    tr: ({ seller, lines, link }) => ({
      subject: `Erken uyarı: ${seller}`,
      preheader: `${seller} için yeni uyarı: ${lines[0] ?? ''}`,
      paragraphs: [`Finansman sağlanan ${seller} için izleme kuralları yeni uyarı verdi:`, ...lines.map((line) => `• ${line}`)],
      action: { href: link, label: 'Başvuruyu incele' },
      note: 'Uyarılar yönetim panelindeki Portföy sayfasında kanıtlarıyla birlikte listelenir.',
    }),
    en: ({ seller, lines, link }) => ({
      subject: `Early warning: ${seller}`,
      preheader: `New warning for ${seller}: ${lines[0] ?? ''}`,
      paragraphs: [`The monitoring rules raised new warnings for ${seller}, a funded seller:`, ...lines.map((line) => `• ${line}`)],
      action: { href: link, label: 'Review the application' },
      note: 'Warnings are listed with their evidence on the Portfolio page of the back-office.',
    }),
  },
  support_request: {
    tr: ({ name, email, phone, topic, contactPreference, message }) => ({
      subject: `Destek talebi: ${topic}`,
      preheader: `${name} bir destek talebi gönderdi.`,
      paragraphs: [
        `${name} portal üzerinden bir destek talebi gönderdi.`,
        `E-posta: ${email}`,
        `Telefon: ${phone}`,
        `Tercih ettiği iletişim: ${contactPreference}`,
      ],
      quote: { label: 'Mesaj', text: message },
      note: 'Talep yönetim panelindeki Destek talepleri listesinde de yer alıyor.',
    }),
    en: ({ name, email, phone, topic, contactPreference, message }) => ({
      subject: `Support request: ${topic}`,
      preheader: `${name} sent a support request.`,
      paragraphs: [
        `${name} sent a support request through the portal.`,
        `Email: ${email}`,
        `Phone: ${phone}`,
        `Preferred contact: ${contactPreference}`,
      ],
      quote: { label: 'Message', text: message },
      note: 'The request is also listed under Support requests in the back-office.',
    }),
  },
};

const smsTemplates: { [N in SmsTemplateName]: Localized<SmsTemplateParams[N], string> } = {
  phone_code: {
    tr: ({ code, lifetimeMinutes }) =>
      `WorqTrade doğrulama kodunuz: ${code}. Kod ${lifetimeMinutes} dakika geçerlidir. Kimseyle paylaşmayın.`,
    en: ({ code, lifetimeMinutes }) =>
      `Your WorqTrade verification code is ${code}. It is valid for ${lifetimeMinutes} minutes. Do not share it with anyone.`,
  },
  application_received: {
    tr: ({ firstName }) => `Merhaba ${firstName}, WorqTrade başvurunuzu aldık. Uzmanlarımız inceleyip size haber verecek.`,
    en: ({ firstName }) => `Hello ${firstName}, we received your WorqTrade application. Our experts will review it and let you know.`,
  },
  application_approved: {
    tr: ({ firstName }) => `Merhaba ${firstName}, WorqTrade başvurunuz onaylandı. Ayrıntılar e-postanızda.`,
    en: ({ firstName }) => `Hello ${firstName}, your WorqTrade application has been approved. Details are in your email.`,
  },
  application_rejected: {
    tr: ({ firstName, reason }) => `Merhaba ${firstName}, WorqTrade başvurunuz onaylanmadı. Gerekçe: ${reason}`,
    en: ({ firstName, reason }) => `Hello ${firstName}, your WorqTrade application was not approved. Reason: ${reason}`,
  },
  repayment_received: {
    tr: ({ firstName, amount, remaining }) =>
      `Merhaba ${firstName}, ${amount} tutarındaki WorqTrade ödemeniz kaydedildi. Kalan borcunuz: ${remaining}.`,
    en: ({ firstName, amount, remaining }) =>
      `Hello ${firstName}, your WorqTrade payment of ${amount} has been recorded. Left to pay: ${remaining}.`,
  },
  repayment_reminder: {
    tr: ({ number, amount, dueDate }) => `WorqTrade: ${number}. taksitinizin (${amount}) son ödeme günü ${dueDate}.`,
    en: ({ number, amount, dueDate }) => `WorqTrade: installment ${number} (${amount}) is due on ${dueDate}.`,
  },
};

export const emailTemplateNames = Object.keys(emailTemplates) as EmailTemplateName[];
export const smsTemplateNames = Object.keys(smsTemplates) as SmsTemplateName[];

export function renderEmail<N extends EmailTemplateName>(name: N, language: Language, params: EmailTemplateParams[N]): RenderedEmail {
  const template = emailTemplates[name][language] as (params: EmailTemplateParams[N]) => EmailContent;
  return renderEmailContent(language, template(params));
}

export function renderSms<N extends SmsTemplateName>(name: N, language: Language, params: SmsTemplateParams[N]): string {
  const template = smsTemplates[name][language] as (params: SmsTemplateParams[N]) => string;
  return template(params);
}
