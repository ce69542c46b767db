import type { Language } from './language.ts';

/** Messages of store connections, companies and background tasks (tr + en). */
export const connectionMessages = {
  // Connectors: the marketplace's answer, in words the seller can act on. {marketplace} is its name.
  marketplace_bad_credentials: {
    tr: '{marketplace} bilgileriniz doğrulanamadı. API bilgilerini kontrol edip tekrar deneyin.',
    en: 'Your {marketplace} details could not be verified. Check the API details and try again.',
  },
  marketplace_forbidden: {
    tr: '{marketplace} bu işleme izin vermedi. Entegrasyon kullanıcısının yetkilerini kontrol edin.',
    en: '{marketplace} did not allow this. Check the permissions of the integration user.',
  },
  marketplace_rate_limited: {
    tr: '{marketplace} şu anda çok fazla istek alıyor. Birkaç dakika sonra tekrar deneyin.',
    en: '{marketplace} is receiving too many requests right now. Try again in a few minutes.',
  },
  marketplace_unavailable: {
    tr: '{marketplace} hizmetine şu anda ulaşılamıyor. Lütfen daha sonra tekrar deneyin.',
    en: '{marketplace} cannot be reached right now. Please try again later.',
  },
  marketplace_unexpected: {
    tr: '{marketplace} beklenmeyen bir yanıt verdi. Lütfen tekrar deneyin.',
    en: '{marketplace} gave an unexpected answer. Please try again.',
  },
  marketplace_ip_blocked: {
    tr: '{marketplace} isteğimizi bu ağdan engelledi; bu bir API anahtarı hatası değil. Lütfen daha sonra tekrar deneyin, sorun sürerse destek ekibimize yazın.',
    en: '{marketplace} blocked our request from this network; this is not a wrong API key. Please try again later and contact our support team if it persists.',
  },
  ticimax_redirect: {
    tr: 'Ticimax mağaza adresiniz {host} adresine yönlendiriyor. Mağaza adresi olarak {host} yazıp tekrar deneyin.',
    en: 'Your Ticimax store address redirects to {host}. Enter {host} as the store address and try again.',
  },
  store_address_refused: {
    tr: 'Mağaza adresinize bağlanamıyoruz: adres https ile başlamalı ve internete açık bir sunucuya yönlenmeli. Adresi kontrol edip tekrar deneyin.',
    en: 'We cannot connect to your store address: it must start with https and lead to a server on the public internet. Check the address and try again.',
  },
  ticimax_bad_code: {
    tr: 'Ticimax yetki kodu hatalı (Hatalı Kullanıcı Kodu). Yeni bir yetki kodu oluşturup tüm izinleri açın.',
    en: 'The Ticimax authorization code is wrong ("Hatalı Kullanıcı Kodu"). Create a new code and enable all permissions.',
  },
  amazon_authorization_failed: {
    tr: 'Amazon yetkilendirmesi tamamlanamadı. Lütfen bağlantıyı yeniden başlatın.',
    en: 'The Amazon authorization could not be completed. Please start the connection again.',
  },
  amazon_reauthorize: {
    tr: 'Amazon mağazanızın yetkisinin süresi doldu. Lütfen bağlantıyı yenileyip Amazon’da yeniden yetki verin (yetkiler 365 günde bir yenilenmelidir).',
    en: 'The authorization of your Amazon store has expired. Please renew the connection and authorize again on Amazon (authorizations must be renewed every 365 days).',
  },
  amazon_state_invalid: {
    tr: 'Amazon yetkilendirme isteğinin süresi doldu ya da geçersiz. Lütfen yeniden deneyin.',
    en: 'The Amazon authorization request has expired or is invalid. Please try again.',
  },
  ideasoft_authorization_failed: {
    tr: 'Ideasoft yetkilendirmesi tamamlanamadı. Lütfen bağlantıyı yeniden başlatın.',
    en: 'The Ideasoft authorization could not be completed. Please start the connection again.',
  },
  ideasoft_state_invalid: {
    tr: 'Ideasoft yetkilendirme isteğinin süresi doldu ya da geçersiz. Lütfen bağlantıyı yeniden başlatın.',
    en: 'The Ideasoft authorization request has expired or is invalid. Please start the connection again.',
  },
  store_address_invalid: {
    tr: '{field} https ile başlayan bir alan adı olmalı (IP adresi, port ya da kullanıcı bilgisi içermemeli).',
    en: '{field} must be an https domain name (no IP address, port or user details).',
  },

  // Background tasks
  task_pending: { tr: 'İşleminiz sürüyor…', en: 'Your request is in progress…' },
  task_timed_out: {
    tr: 'İşlem zamanında tamamlanamadı. Lütfen tekrar deneyin.',
    en: 'The operation did not finish in time. Please try again.',
  },
  task_failed: {
    tr: 'İşlem tamamlanamadı. Lütfen tekrar deneyin.',
    en: 'The operation could not be completed. Please try again.',
  },
  task_connect_success: { tr: '{store} mağazanız bağlandı.', en: 'Your store {store} is connected.' },
  task_update_success: { tr: '{store} mağazanızın bilgileri güncellendi.', en: 'The details of {store} were updated.' },
  task_activate_success: { tr: '{store} mağazanız etkinleştirildi.', en: '{store} is now active.' },
  task_disable_success: { tr: '{store} mağazanız devre dışı bırakıldı.', en: '{store} is now disabled.' },
  task_delete_success: { tr: '{store} mağazanız kaldırıldı.', en: '{store} was removed.' },
  task_company_success: {
    tr: 'Şirket bilgileri mağazalarınıza bağlandı.',
    en: 'The company details are linked to your stores.',
  },
  task_health_ok: {
    tr: '{store} mağazanızın bağlantısı güncel.',
    en: 'The connection of {store} is up to date.',
  },
  task_health_failed: {
    tr: '{store} mağazanızın bağlantısı güncel değil. Lütfen bilgileri yenileyin.',
    en: 'The connection of {store} is out of date. Please reconnect it.',
  },

  // Integrations and companies (specification §8)
  integration_not_found: { tr: 'Kayıtlı entegrasyon bulunamadı.', en: 'No saved integration found.' },
  company_required: {
    tr: 'Bu mağaza için şirket bilgilerini girmelisiniz.',
    en: 'You must enter company information for this store.',
  },
  company_locked: {
    tr: 'Şirket bilgileri yalnızca destek ekibimiz aracılığıyla değiştirilebilir.',
    en: 'Company details can be changed only through our support team.',
  },
  active_application_exists: {
    tr: 'Devam eden bir başvurunuz varken mağaza durumunu değiştiremezsiniz.',
    en: 'You cannot change a store’s status while you have an active application.',
  },
  store_in_submitted_application: {
    tr: 'Bu mağaza gönderdiğiniz bir başvurunun parçası olduğu için kaldırılamaz.',
    en: 'This store cannot be removed because it is part of an application you submitted.',
  },
  marketplace_not_found: { tr: 'Pazaryeri bulunamadı.', en: 'Marketplace not found.' },
  company_not_found: { tr: 'Şirket bulunamadı.', en: 'Company not found.' },
  integration_exists: {
    tr: 'Bu mağaza zaten bağlı.',
    en: 'This store is already connected.',
  },
  invalid_tax_number: {
    tr: 'Vergi kimlik numarası geçerli değil.',
    en: 'The tax identification number is not valid.',
  },
  invalid_national_id: {
    tr: 'T.C. Kimlik Numarası geçerli değil.',
    en: 'The Turkish Identification Number is not valid.',
  },
  data_load_error: {
    tr: 'Veriler yüklenirken bir hata oluştu.',
    en: 'An error occurred while loading data.',
  },
} as const satisfies Record<string, Record<Language, string>>;
