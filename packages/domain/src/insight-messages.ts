/**
 * Messages of store orders and WorqInsight (tr + en): sync results, store-address lookup, and the
 * tips, whose texts explain the number behind each one. `{store}` is a store's name,
 * `{percent}` a whole percentage, `{amount}` a formatted TRY amount.
 */
export const insightMessages = {
  // Order sync (task sync_orders)
  sync_done: {
    tr: '{store} siparişleri güncellendi: {new_orders} yeni, {updated_orders} güncellenen sipariş.',
    en: '{store} orders are up to date: {new_orders} new, {updated_orders} updated.',
  },
  sync_continues: {
    tr: '{store} siparişleri aktarılıyor; şimdiye kadar {new_orders} sipariş alındı. Aktarım arka planda sürüyor.',
    en: 'Importing {store} orders; {new_orders} received so far. The import continues in the background.',
  },
  sync_backfilling: {
    tr: '{store} siparişlerinin son {days} günü alındı; daha eski siparişler arka planda aktarılıyor.',
    en: 'The last {days} days of {store} orders are in; older orders are being imported in the background.',
  },
  sync_paused_rate_limit: {
    tr: '{marketplace} istek sınırına ulaşıldı; {store} siparişlerinin aktarımı birkaç dakika içinde kaldığı yerden sürecek.',
    en: '{marketplace} request limit reached; importing {store} orders will resume where it stopped in a few minutes.',
  },
  sync_paused_daily_limit: {
    tr: '{store} için bugünkü sipariş aktarım sınırına ulaşıldı; aktarım yarın kaldığı yerden sürecek.',
    en: "Today's order import limit for {store} is reached; the import will resume where it stopped tomorrow.",
  },
  sync_already_running: {
    tr: '{store} siparişleri zaten aktarılıyor.',
    en: '{store} orders are already being imported.',
  },
  sync_store_not_active: {
    tr: '{store} mağazası aktif değil; siparişleri almak için bağlantıyı etkinleştirin veya güncelleyin.',
    en: 'The {store} store is not active; activate or update the connection to import its orders.',
  },
  sync_failed: {
    tr: '{store} siparişleri alınamadı. Alınan siparişler korunuyor; lütfen daha sonra tekrar deneyin.',
    en: 'The {store} orders could not be imported. Orders already received are kept; please try again later.',
  },
  integration_not_active: {
    tr: 'Bu mağaza bağlantısı aktif değil.',
    en: 'This store connection is not active.',
  },
  // Store address lookup
  store_url_unrecognised: {
    tr: 'Bu mağaza adresini tanıyamadık. Pazaryerindeki mağaza sayfanızın adresini yapıştırın ya da pazaryerini kendiniz seçin.',
    en: 'We could not recognise this store address. Paste the address of your store page on the marketplace, or choose the marketplace yourself.',
  },
  // Overview range
  insight_range_invalid: {
    tr: 'Başlangıç tarihi bitiş tarihinden sonra olamaz.',
    en: 'The start date cannot be after the end date.',
  },
  insight_range_too_long: {
    tr: 'En fazla 366 günlük bir dönem seçebilirsiniz.',
    en: 'You can choose a period of at most 366 days.',
  },
  // Tips
  tip_thin_data_title: { tr: 'Öneriler için veri henüz az', en: 'Not enough data for tips yet' },
  tip_thin_data_body: {
    tr: 'Bu dönemde {orders} sipariş var; güvenilir öneriler için en az {minimum} sipariş gerekiyor. Daha uzun bir dönem seçin ya da siparişlerin aktarılmasını bekleyin.',
    en: 'This period has {orders} orders; reliable tips need at least {minimum}. Choose a longer period or wait for your orders to be imported.',
  },
  tip_high_cancellation_title: { tr: 'İptal oranı yüksek', en: 'High cancellation rate' },
  tip_high_cancellation_body: {
    tr: 'Siparişlerin %{percent} kadarı iptal edildi (eşik %{threshold}). Stok ve hazırlık sürelerini kontrol edin: tedarik edilemeyen ürünler hem satış kaybı hem pazaryeri puanı demek.',
    en: '{percent}% of orders were cancelled (threshold {threshold}%). Check stock levels and handling times: unsupplied items cost both sales and your marketplace score.',
  },
  tip_high_return_title: { tr: 'İade oranı yüksek', en: 'High return rate' },
  tip_high_return_body: {
    tr: 'Siparişlerin %{percent} kadarı iade edildi (eşik %{threshold}). En çok iade alan ürünlerin açıklama, beden ve görsellerini gözden geçirin.',
    en: '{percent}% of orders were returned (threshold {threshold}%). Review the descriptions, sizes and photos of the products returned most.',
  },
  tip_channel_concentration_title: { tr: 'Ciro tek kanala bağlı', en: 'Revenue depends on one channel' },
  tip_channel_concentration_body: {
    tr: 'Cironuzun %{percent} kadarı {store} mağazasından geliyor (eşik %{threshold}). Başka bir pazaryerinde de satış yapmak bu kanaldaki bir değişikliğin etkisini azaltır.',
    en: '{percent}% of your revenue comes from {store} (threshold {threshold}%). Selling on another marketplace too softens the effect of any change on this channel.',
  },
  tip_product_dependence_title: { tr: 'Ciro tek ürüne bağlı', en: 'Revenue depends on one product' },
  tip_product_dependence_body: {
    tr: 'Cironuzun %{percent} kadarı tek bir üründen geliyor: {product} (eşik %{threshold}). Bu ürünün stoğunu güvenceye alın ve ürün yelpazenizi genişletmeyi düşünün.',
    en: '{percent}% of your revenue comes from one product: {product} (threshold {threshold}%). Secure its stock and consider widening your range.',
  },
  tip_revenue_falling_title: { tr: 'Ciro önceki döneme göre düştü', en: 'Revenue fell against the previous period' },
  tip_revenue_falling_body: {
    tr: 'Ciro önceki eşit döneme göre %{percent} azaldı ({previous} → {current}). Fiyat, stok ve kampanya değişikliklerini kontrol edin.',
    en: 'Revenue fell {percent}% against the previous equal period ({previous} → {current}). Check changes in prices, stock and campaigns.',
  },
  tip_growth_financing_title: { tr: 'Büyüme stok finansmanına hazır', en: 'Growth ready for stock financing' },
  tip_growth_financing_body: {
    tr: 'Ciro önceki eşit döneme göre %{percent} arttı ({previous} → {current}). Talep artarken stoğun bitmemesi için WorqTrade ile stok alımınızı finanse edebilirsiniz.',
    en: 'Revenue grew {percent}% against the previous equal period ({previous} → {current}). WorqTrade can finance your stock so it does not run out while demand grows.',
  },
  tip_weekday_title: { tr: 'En güçlü ve en zayıf gününüz', en: 'Your strongest and weakest day' },
  tip_weekday_body: {
    tr: 'Ortalamada en çok {best} günleri ({best_amount}), en az {worst} günleri ({worst_amount}) satıyorsunuz. Kampanya ve reklamlarınızı güçlü güne, stok yenilemeyi zayıf güne planlayın.',
    en: 'On average you sell most on {best} ({best_amount}) and least on {worst} ({worst_amount}). Plan campaigns and ads for the strong day and restocking for the weak one.',
  },
  tip_store_stale_title: { tr: 'Mağaza verisi güncel değil', en: 'Store data is not up to date' },
  tip_store_stale_body: {
    tr: '{store} mağazasının siparişleri {hours} saattir alınamadı. Bağlantıyı kontrol edin ya da "Şimdi eşitle" ile yeniden deneyin.',
    en: 'Orders of {store} have not been imported for {hours} hours. Check the connection or try again with "Sync now".',
  },
  tip_store_out_of_date_title: { tr: 'Mağaza bağlantısı güncel değil', en: 'Store connection is out of date' },
  tip_store_out_of_date_body: {
    tr: '{marketplace} {store} mağazası için bilgilerimizi kabul etmiyor. Siparişlerin gelmeye devam etmesi için Bağlantılar sayfasından API bilgilerini güncelleyin.',
    en: '{marketplace} no longer accepts our details for {store}. Update the API details on the Connections page so orders keep coming.',
  },
} as const;

export const weekdayNames = {
  tr: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
} as const;
