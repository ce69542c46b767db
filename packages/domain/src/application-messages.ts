import type { Language } from './language.ts';

/** Messages of the WorqTrade journey: plan, applications, contact form (tr + en). */
export const applicationMessages = {
  // Plan (GPeT); the two range messages of specification §5 live in messages.ts.
  turnover_too_low: {
    tr: 'Başvuru için ortalama aylık ciro en az {min} olmalıdır.',
    en: 'The average monthly turnover must be at least {min} to apply.',
  },
  plan_not_found: {
    tr: 'Kaydedilmiş bir gelir paylaşım planı bulunamadı.',
    en: 'No saved revenue-sharing plan was found.',
  },

  // Applications
  application_not_found: { tr: 'Başvuru bulunamadı.', en: 'Application not found.' },
  customer_not_found: { tr: 'Satıcı bulunamadı.', en: 'Seller not found.' },
  application_already_active: {
    tr: 'Devam eden bir başvurunuz var. Yeni bir başvuru başlatırsanız mevcut başvurunuz iptal edilir.',
    en: 'You already have an application in progress. Starting a new one cancels the current one.',
  },
  application_not_active: {
    tr: 'Bu başvuru artık değiştirilemez.',
    en: 'This application can no longer be changed.',
  },
  step_requirements_not_met: {
    tr: 'Bu adıma geçmek için gerekenler henüz tamamlanmadı.',
    en: 'The requirements of this step are not met yet.',
  },
  plan_required: {
    tr: 'Devam etmek için önce gelir paylaşım planınızı kaydedin.',
    en: 'Save your revenue-sharing plan first to continue.',
  },
  linked_store_required: {
    tr: 'Devam etmek için aktif ve güncel bir mağaza bağlayın ve şirket bilgilerini girin.',
    en: 'Connect an active, up-to-date store and enter its company details to continue.',
  },
  summary_step_required: {
    tr: 'Başvurunuzu göndermeden önce özet adımına geçin.',
    en: 'Go to the summary step before submitting your application.',
  },

  // Contact form
  city_unknown: { tr: 'Listeden bir il seçin.', en: 'Choose a province from the list.' },
  duplicate_choice: {
    tr: 'Her seçeneği yalnızca bir kez işaretleyin.',
    en: 'Select each option only once.',
  },
} as const satisfies Record<string, Record<Language, string>>;
