import type { Language } from './language.ts';

/**
 * How a request field is named inside a message, per language. Labels are written as they read in
 * the middle of a sentence; formatMessage capitalises a label that opens one.
 */
export const fieldLabels: Record<string, Record<Language, string>> = {
  first_name: { tr: 'ad', en: 'first name' },
  last_name: { tr: 'soyad', en: 'last name' },
  email: { tr: 'e-posta', en: 'email' },
  new_email: { tr: 'yeni e-posta', en: 'new email' },
  password: { tr: 'şifre', en: 'password' },
  current_password: { tr: 'mevcut şifre', en: 'current password' },
  new_password: { tr: 'yeni şifre', en: 'new password' },
  phone_number: { tr: 'telefon numarası', en: 'phone number' },
  code: { tr: 'doğrulama kodu', en: 'verification code' },
  store_name: { tr: 'mağaza adı', en: 'store name' },
  store_link: { tr: 'mağaza bağlantısı', en: 'store link' },
  store_url: { tr: 'mağaza adresi', en: 'store address' },
  client_id: { tr: 'Client ID', en: 'client ID' },
  client_secret: { tr: 'Client Secret', en: 'client secret' },
  authorization_code: { tr: 'yetkilendirme kodu', en: 'authorization code' },
  tax_number: { tr: 'vergi numarası', en: 'tax number' },
  national_id: { tr: 'T.C. Kimlik Numarası', en: 'national ID' },
  official_full_name: { tr: 'ad soyad', en: 'full name' },
  trade_name: { tr: 'ticari unvan', en: 'trade name' },
  tax_office: { tr: 'vergi dairesi', en: 'tax office' },
  birth_date: { tr: 'doğum tarihi', en: 'birth date' },
  best_selling_store_name: { tr: 'en çok satış yapılan mağaza adı', en: 'best-selling store name' },
  note: { tr: 'not', en: 'note' },
  from: { tr: 'başlangıç tarihi', en: 'start date' },
  to: { tr: 'bitiş tarihi', en: 'end date' },
  reject_reason: { tr: 'ret gerekçesi', en: 'reject reason' },
  decision: { tr: 'karar', en: 'decision' },
  average_monthly_turnover: { tr: 'aylık ortalama pazaryeri cirosu', en: 'average monthly marketplace turnover' },
  estimated_stock_purchase_amount: { tr: 'tahmini stok alım tutarı', en: 'estimated stock purchase amount' },
  estimated_sales_turnover: { tr: 'tahmini satış cirosu', en: 'estimated sales turnover' },
  duration_weeks: { tr: 'gelir paylaşım süresi', en: 'revenue sharing duration' },
  payment_start_week: { tr: 'ödeme başlangıç haftası', en: 'payment start week' },
  sales_channels: { tr: 'satış kanalları', en: 'sales channels' },
  monthly_revenue_band: { tr: 'aylık ciro aralığı', en: 'monthly revenue band' },
  ecommerce_duration_band: { tr: 'e-ticaret süresi', en: 'e-commerce duration' },
  headquarters_city_id: { tr: 'merkez ili', en: 'headquarters city' },
  application_id: { tr: 'başvuru', en: 'application' },
  step: { tr: 'adım', en: 'step' },
  credential: { tr: 'Google kimlik bilgisi', en: 'Google credential' },
  term_type: { tr: 'metin türü', en: 'text type' },
  title: { tr: 'başlık', en: 'title' },
  content: { tr: 'metin', en: 'text' },
  change_note: { tr: 'değişiklik notu', en: 'change note' },
};

export function fieldLabel(language: Language, field: string): string {
  // A nested field ("tr.content") is labelled by its own name.
  const known = fieldLabels[field] ?? fieldLabels[field.split('.').at(-1) ?? field];
  if (known) return known[language];
  return field.replace(/[_.]+/g, ' ').trim();
}
