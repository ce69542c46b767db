/**
 * Approval for commercial electronic messages: Law No. 6563 on E-Commerce and its Regulation on
 * Commercial Communication, which ask for the channels, an easy way out, and registration in İYS.
 */
export const electronicMessage = {
  tr: {
    title: 'Ticari Elektronik İleti Onayı',
    content: `<h2>Ticari Elektronik İleti Onayı</h2>
<p>6563 sayılı Elektronik Ticaretin Düzenlenmesi Hakkında Kanun ve Ticari İletişim ve Ticari Elektronik İletiler Hakkında Yönetmelik kapsamında; {{controller}} tarafından kampanyalar, yeni finansman ürünleri, mağaza analizi özellikleri, etkinlikler ve anketler hakkında tarafıma <strong>e-posta</strong> ve <strong>SMS</strong> yoluyla ticari elektronik ileti gönderilmesini kabul ediyorum.</p>
<p>Onayım İleti Yönetim Sistemi'ne (İYS) kaydedilir. Bu onay; başvurunuzun sonucu, doğrulama kodları, geri ödeme hatırlatmaları ve güvenlik bildirimleri gibi hizmetle ilgili bilgilendirmeleri kapsamaz, onlar onay olmadan da gönderilir.</p>
<p>Onayınızı dilediğiniz zaman, herhangi bir gerekçe göstermeden ve ücretsiz olarak; iletilerdeki ret bağlantısıyla, İYS üzerinden veya {{controller_contact}} adresine yazarak geri alabilirsiniz. Ret bildiriminiz en geç üç iş günü içinde işleme alınır.</p>`,
  },
  en: {
    title: 'Commercial Electronic Messages',
    content: `<h2>Approval for Commercial Electronic Messages</h2>
<p>Under Law No. 6563 on the Regulation of Electronic Commerce and the Regulation on Commercial Communication and Commercial Electronic Messages, I agree that {{controller}} may send me commercial electronic messages by <strong>e-mail</strong> and <strong>SMS</strong> about campaigns, new financing products, store analytics features, events and surveys.</p>
<p>My approval is recorded in the Message Management System (İYS). It does not cover messages about the service itself, such as the result of an application, verification codes, repayment reminders and security notices, which are sent without it.</p>
<p>You can withdraw your approval at any time, without giving a reason and free of charge: through the opt-out link in each message, through İYS, or by writing to {{controller_contact}}. An opt-out is processed within three business days at the latest.</p>`,
  },
} as const;
