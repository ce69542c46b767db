import type { Language } from './language.ts';

/** Messages of repayments after approval, support requests and legal text publishing (tr + en). */
export const repaymentMessages = {
  repayments_not_found: {
    tr: 'Bu başvuru için bir ödeme planı bulunamadı. Ödeme planı başvuru onaylandığında oluşur.',
    en: 'No repayment schedule was found for this application. The schedule is created when the application is approved.',
  },
  payment_exceeds_remaining: {
    tr: 'Tutar kalan borcu aşıyor. En fazla {remaining} kaydedilebilir.',
    en: 'The amount is more than what is left to pay. At most {remaining} can be recorded.',
  },
  not_approved: {
    tr: 'Ödeme yalnızca onaylanmış bir başvuruya kaydedilebilir.',
    en: 'A payment can only be recorded on an approved application.',
  },
  payment_date_in_future: {
    tr: 'Ödeme tarihi bugünden sonra olamaz.',
    en: 'The payment date cannot be later than today.',
  },
  payment_date_before_approval: {
    tr: 'Ödeme tarihi başvurunun onaylandığı günden ({approved_on}) önce olamaz.',
    en: 'The payment date cannot be before the day the application was approved ({approved_on}).',
  },
  idempotency_key_reused: {
    tr: 'Bu ödeme kaydı başka bilgilerle zaten gönderildi. Sayfayı yenileyip ödemeyi yeniden girin.',
    en: 'This payment submission was already sent with other details. Refresh the page and enter the payment again.',
  },
  support_request_not_found: { tr: 'Destek talebi bulunamadı.', en: 'Support request not found.' },
  // Legal texts published from the back-office
  terms_pending: {
    tr: 'Devam etmeden önce güncellenen yasal metni okuyup onaylamanız gerekiyor.',
    en: 'Before you go on, please read and accept the updated legal text.',
  },
  term_version_conflict: {
    tr: 'Bu metnin yeni bir sürümü az önce yayımlandı. Geçmişi yenileyip yeniden deneyin.',
    en: 'A new version of this text was just published. Refresh the history and try again.',
  },
} as const satisfies Record<string, Record<Language, string>>;
