import { applicationMessages } from './application-messages.ts';
import { connectionMessages } from './connection-messages.ts';
import { googleMessages } from './google-messages.ts';
import { insightMessages } from './insight-messages.ts';
import { repaymentMessages } from './repayment-messages.ts';
import { reviewMessages } from './review-messages.ts';
import type { Language } from './language.ts';

/**
 * Every message the server can put in an error envelope, in both languages.
 * `{name}` placeholders are filled by formatMessage.
 */
export const messages = {
  ...connectionMessages,
  ...applicationMessages,
  ...reviewMessages,
  ...googleMessages,
  ...insightMessages,
  ...repaymentMessages,
  // Validation (specification §5)
  required: { tr: '{field} boş bırakılamaz.', en: '{field} cannot be empty.' },
  no_special_characters: {
    tr: '{field} özel karakter içermemelidir.',
    en: '{field} should not contain special characters.',
  },
  min_length: {
    tr: 'Lütfen en az {min} karakterden oluşan bir {field} girin.',
    en: 'Please enter a {field} with at least {min} characters.',
  },
  max_length: {
    tr: '{field} en fazla {max} karakter olabilir.',
    en: '{field} can be at most {max} characters.',
  },
  invalid_format: { tr: '{field} geçerli biçimde değil.', en: '{field} is not in a valid format.' },
  retype_for_new_address: {
    tr: 'Mağaza adresi değiştiği için {field} alanını yeniden girin.',
    en: 'The store address changed: enter {field} again.',
  },
  invalid_email: { tr: 'Geçerli bir e-posta girin.', en: 'Enter a valid email.' },
  invalid_phone: { tr: 'Geçerli bir telefon numarası girin.', en: 'Enter a valid phone number.' },
  date_out_of_range: {
    tr: '{field} 1 Ocak 2015 ile yarın arasında bir gün olmalı.',
    en: 'The {field} must be a day between 1 January 2015 and tomorrow.',
  },
  invalid_value: { tr: '{field} için geçerli bir değer seçin.', en: 'Choose a valid value for {field}.' },
  select_at_least_one: { tr: 'En az bir seçenek işaretleyin.', en: 'Select at least one option.' },
  password_rule: {
    tr: 'Şifre en az 8 karakter olmalı; küçük harf, büyük harf ve rakam içermelidir.',
    en: 'The password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit.',
  },
  passwords_must_match: { tr: 'Şifreler eşleşmiyor.', en: 'The passwords do not match.' },
  tax_number_digits: {
    tr: 'Vergi kimlik numarası 10 haneli olmalıdır.',
    en: 'The tax identification number must be 10 digits.',
  },
  national_id_digits: {
    tr: 'T.C. Kimlik Numarası 11 haneli olmalıdır.',
    en: 'The Turkish Identification Number must be 11 digits.',
  },
  stock_purchase_bounds: {
    tr: 'Tahmini ürün alım tutarı {min}-{max} arasında olmalıdır.',
    en: 'Estimated amount of products should be between {min}-{max}.',
  },
  sales_turnover_bounds: {
    tr: 'Tahmini satış cirosu {min}-{max} arasında olmalıdır.',
    en: 'Estimated sales turnover should be between {min}-{max}.',
  },

  // Request-level errors (ARCHITECTURE.md §5)
  validation_failed: { tr: 'Lütfen işaretli alanları düzeltin.', en: 'Please correct the marked fields.' },
  invalid_json: {
    tr: 'İstek gövdesi geçerli bir JSON değil.',
    en: 'The request body is not valid JSON.',
  },
  payload_too_large: {
    tr: 'İstek gövdesi çok büyük (en fazla 64 KB).',
    en: 'The request body is too large (64 KB at most).',
  },
  unsupported_media_type: {
    tr: 'Bu içerik türü desteklenmiyor; JSON gönderin.',
    en: 'This content type is not supported; send JSON.',
  },
  bad_request: { tr: 'İstek geçersiz.', en: 'The request is not valid.' },
  not_found: { tr: 'Aradığınız kaynak bulunamadı.', en: 'The resource you asked for was not found.' },
  method_not_allowed: { tr: 'Bu işlem desteklenmiyor.', en: 'This operation is not supported.' },
  unauthorized: {
    tr: 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen yeniden giriş yapın.',
    en: 'Your session is invalid or has expired. Please sign in again.',
  },
  forbidden: { tr: 'Bu işlem için yetkiniz yok.', en: 'You are not allowed to do this.' },
  phone_not_verified: {
    tr: 'Devam etmek için telefon numaranızı doğrulayın.',
    en: 'Verify your phone number to continue.',
  },
  too_many_requests: {
    tr: 'Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.',
    en: 'Too many attempts. Please try again a little later.',
  },
  service_unavailable: {
    tr: 'Hizmete şu anda ulaşılamıyor. Lütfen birazdan tekrar deneyin.',
    en: 'The service is unavailable right now. Please try again shortly.',
  },
  internal_error: {
    tr: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
    en: 'An unexpected error occurred. Please try again.',
  },

  // Accounts (API.md Auth and Customer)
  consent_required: {
    tr: 'Devam etmek için aydınlatma metnini onaylayın.',
    en: 'Please accept the privacy notice to continue.',
  },
  email_taken: {
    tr: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var.',
    en: 'An account with this email already exists.',
  },
  email_unchanged: {
    tr: 'Yeni e-posta adresi mevcut adresinizden farklı olmalıdır.',
    en: 'The new email must be different from your current one.',
  },
  invalid_credentials: { tr: 'E-posta ya da şifre hatalı.', en: 'The email or password is incorrect.' },
  invalid_refresh_token: {
    tr: 'Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.',
    en: 'Your session has ended. Please sign in again.',
  },
  invalid_code: { tr: 'Doğrulama kodu hatalı.', en: 'The verification code is incorrect.' },
  code_expired: {
    tr: 'Doğrulama kodunun süresi doldu. Lütfen yeni bir kod isteyin.',
    en: 'The verification code has expired. Please request a new one.',
  },
  code_attempts_exceeded: {
    tr: 'Çok fazla hatalı deneme yaptınız. Lütfen yeni bir kod isteyin.',
    en: 'Too many wrong attempts. Please request a new code.',
  },
  sms_number_limit: {
    tr: 'Bu telefon numarasına son bir saatte çok fazla kod gönderildi. {minutes} dakika sonra tekrar deneyin.',
    en: 'Too many codes were sent to this phone number in the last hour. Try again in {minutes} minutes.',
  },
  resend_too_soon: {
    tr: 'Yeni bir kodu {seconds} saniye sonra isteyebilirsiniz.',
    en: 'You can request a new code in {seconds} seconds.',
  },
  invalid_or_expired_token: {
    tr: 'Bu şifre yenileme bağlantısı geçersiz ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
    en: 'This password reset link is invalid or has expired. Please request a new one.',
  },
  wrong_password: { tr: 'Mevcut şifreniz hatalı.', en: 'Your current password is incorrect.' },
  password_reset_sent: {
    tr: 'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre yenileme bağlantısını gönderdik.',
    en: 'If an account exists for this email, we have sent a password reset link to it.',
  },
  password_reset_done: {
    tr: 'Şifreniz yenilendi. Yeni şifrenizle giriş yapabilirsiniz.',
    en: 'Your password has been reset. You can sign in with your new password.',
  },
  password_changed: {
    tr: 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.',
    en: 'Your password has been changed. You have been signed out on your other devices.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

const locales: Record<Language, string> = { tr: 'tr-TR', en: 'en-GB' };

/** Fills the placeholders; a sentence that starts with a placeholder gets a capital first letter. */
export function formatMessage(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template: string = messages[key][language];
  const text = template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return text.charAt(0).toLocaleUpperCase(locales[language]) + text.slice(1);
}
