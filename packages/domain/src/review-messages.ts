import type { Language } from './language.ts';

/** Messages of the expert back-office and message delivery (tr + en). */
export const reviewMessages = {
  // Back-office (API.md "Back-office")
  expert_account: {
    tr: 'Uzman hesabıyla satıcı ekranları kullanılamaz. Lütfen yönetim panelini kullanın.',
    en: 'Expert accounts cannot use seller screens. Please use the back-office.',
  },
  review_application_not_found: { tr: 'Başvuru bulunamadı.', en: 'Application not found.' },
  already_decided: {
    tr: 'Bu başvuru için zaten karar verilmiş.',
    en: 'A decision has already been made on this application.',
  },
  not_under_review: {
    tr: 'Bu başvuru henüz incelemeye gönderilmedi.',
    en: 'This application has not been submitted for review yet.',
  },
  review_contact_form_not_found: { tr: 'İletişim formu bulunamadı.', en: 'Contact form not found.' },
} as const satisfies Record<string, Record<Language, string>>;
