import type { Language } from './language.ts';

/** How a request field is named inside a message, per language. */
export const fieldLabels: Record<string, Record<Language, string>> = {
  first_name: { tr: 'Ad', en: 'first name' },
  last_name: { tr: 'Soyad', en: 'last name' },
  email: { tr: 'E-posta', en: 'email' },
  new_email: { tr: 'Yeni e-posta', en: 'new email' },
  password: { tr: 'Şifre', en: 'password' },
  current_password: { tr: 'Mevcut şifre', en: 'current password' },
  new_password: { tr: 'Yeni şifre', en: 'new password' },
  phone_number: { tr: 'Telefon numarası', en: 'phone number' },
  code: { tr: 'Doğrulama kodu', en: 'verification code' },
  store_name: { tr: 'Mağaza adı', en: 'store name' },
  store_link: { tr: 'Mağaza bağlantısı', en: 'store link' },
  tax_number: { tr: 'Vergi numarası', en: 'tax number' },
  national_id: { tr: 'T.C. Kimlik Numarası', en: 'national ID' },
  official_full_name: { tr: 'Ad soyad', en: 'full name' },
  trade_name: { tr: 'Ticari unvan', en: 'trade name' },
  tax_office: { tr: 'Vergi dairesi', en: 'tax office' },
  birth_date: { tr: 'Doğum tarihi', en: 'birth date' },
  best_selling_store_name: { tr: 'En çok satış yapılan mağaza adı', en: 'best-selling store name' },
  note: { tr: 'Not', en: 'note' },
  reject_reason: { tr: 'Ret gerekçesi', en: 'reject reason' },
};

export function fieldLabel(language: Language, field: string): string {
  const known = fieldLabels[field];
  if (known) return known[language];
  const words = field.replace(/[_.]+/g, ' ').trim();
  return language === 'tr' ? words.charAt(0).toLocaleUpperCase('tr-TR') + words.slice(1) : words;
}
