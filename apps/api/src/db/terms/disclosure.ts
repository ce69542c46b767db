/**
 * KVKK Article 10 notice (aydınlatma metni): who processes which data, why, on what legal ground,
 * to whom it goes, how it is collected and the seller's Article 11 rights. `{{controller}}` and
 * `{{controller_contact}}` are filled in when served (terms/placeholders.ts).
 */
export const disclosure = {
  tr: {
    title: 'KVKK Aydınlatma Metni',
    content: `<h2>Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni</h2>
<p>Bu metin, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun ("KVKK") 10. maddesi ve Aydınlatma Yükümlülüğünün Yerine Getirilmesinde Uyulacak Usul ve Esaslar Hakkında Tebliğ uyarınca, satıcı portalını kullanan gerçek kişileri ve şirket yetkililerini bilgilendirmek için hazırlanmıştır.</p>
<h3>1. Veri sorumlusu</h3>
<p>Kişisel verileriniz veri sorumlusu sıfatıyla {{controller}} tarafından işlenir. İletişim: {{controller_contact}}.</p>
<h3>2. İşlenen kişisel veriler</h3>
<ul>
<li><strong>Kimlik:</strong> ad, soyad; şirket yetkilisi olarak verdiğiniz bilgiler.</li>
<li><strong>İletişim:</strong> e-posta adresi, cep telefonu numarası, şirket adresi.</li>
<li><strong>Müşteri işlem:</strong> başvurular, gelir paylaşım planı, başvuru adımları, destek talepleri ve iletişim formları.</li>
<li><strong>Finansal:</strong> vergi kimlik numarası, şirket unvanı, bağlı mağazaların sipariş ve satış tutarları, geri ödeme kayıtları.</li>
<li><strong>İşlem güvenliği:</strong> şifrenizin geri döndürülemez özeti, oturum kayıtları, IP adresi, doğrulama kodlarının kullanım kayıtları. Pazaryeri API anahtarlarınız şifrelenerek saklanır ve hiçbir ekranda yeniden gösterilmez.</li>
<li><strong>Pazarlama:</strong> yalnızca onay vermeniz hâlinde, kampanya iletileri için iletişim bilgileriniz ve ilk ziyaretinizdeki kampanya (UTM) bilgileri.</li>
</ul>
<h3>3. İşleme amaçları ve hukuki sebepler</h3>
<ul>
<li>Üyeliğinizin kurulması, telefon ve e-posta doğrulaması, oturum güvenliği: sözleşmenin kurulması ve ifası (KVKK m. 5/2-c), veri sorumlusunun meşru menfaati (m. 5/2-f).</li>
<li>Mağaza bağlantılarının kurulması, siparişlerin okunması, mağaza analizlerinin ve önerilerin sunulması: sözleşmenin ifası (m. 5/2-c).</li>
<li>Stok finansmanı (GPeT) başvurunuzun alınması, uzmanlarca değerlendirilmesi, sonucun e-posta ve SMS ile bildirilmesi, geri ödeme planının izlenmesi: sözleşmenin kurulması ve ifası (m. 5/2-c), bir hakkın tesisi, kullanılması veya korunması (m. 5/2-e).</li>
<li>Mali mevzuat, suç gelirlerinin aklanmasının önlenmesi ve kayıt saklama yükümlülükleri: kanunlarda açıkça öngörülmesi ve hukuki yükümlülük (m. 5/2-a ve ç).</li>
<li>Hizmetin iyileştirilmesi için kullanım analitiği ve ticari elektronik iletiler: yalnızca açık rızanız ve onayınızla (m. 5/1).</li>
</ul>
<h3>4. Aktarım</h3>
<p>Kişisel verileriniz, yukarıdaki amaçlarla sınırlı olarak; finansmanı sağlayan ve başvuruyu değerlendiren iş ortaklarımıza, e-posta ve SMS gönderimi, barındırma ve güvenlik hizmeti aldığımız tedarikçilere, hukuki uyuşmazlıklarda avukat ve denetçilere, talep hâlinde yetkili kamu kurum ve kuruluşlarına KVKK'nın 8. maddesine uygun olarak aktarılabilir. Verilerinizin yurt dışına aktarılması gerekirse bu, KVKK'nın 9. maddesindeki şartlara uygun olarak yapılır.</p>
<h3>5. Toplama yöntemi</h3>
<p>Verileriniz; üyelik, şirket ve başvuru formlarına girdiğiniz bilgilerden, bağladığınız pazaryeri mağazalarının API'lerinden ve portalı kullanımınız sırasında oluşan kayıtlardan elektronik ortamda toplanır.</p>
<h3>6. Saklama süresi</h3>
<p>Verileriniz işleme amacının gerektirdiği süre ve ilgili mevzuattaki zamanaşımı ve saklama süreleri boyunca saklanır; süre dolduğunda silinir, yok edilir veya anonim hâle getirilir.</p>
<h3>7. Haklarınız</h3>
<p>KVKK'nın 11. maddesi uyarınca; kişisel verilerinizin işlenip işlenmediğini öğrenme, işlenmişse bilgi talep etme, işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme, aktarıldığı üçüncü kişileri bilme, eksik veya yanlış işlenmişse düzeltilmesini, şartları oluştuğunda silinmesini veya yok edilmesini ve bu işlemlerin aktarılan üçüncü kişilere bildirilmesini isteme, otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç çıkmasına itiraz etme ve kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme haklarına sahipsiniz.</p>
<p>Başvurularınızı Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ'e uygun olarak yazılı olarak veya kayıtlı elektronik posta (KEP), güvenli elektronik imza ya da sistemimizde kayıtlı e-posta adresiniz üzerinden {{controller_contact}} adresine iletebilirsiniz. Başvurunuz en geç otuz gün içinde ücretsiz olarak sonuçlandırılır.</p>`,
  },
  en: {
    title: 'Privacy Notice',
    content: `<h2>Notice on the Processing of Personal Data</h2>
<p>This notice informs the people who use the seller portal, and the officers of their companies, as required by Article 10 of the Turkish Personal Data Protection Law No. 6698 ("KVKK") and the Communiqué on the Procedures and Principles of the Duty to Inform.</p>
<h3>1. Data controller</h3>
<p>Your personal data is processed by {{controller}} as data controller. Contact: {{controller_contact}}.</p>
<h3>2. Personal data processed</h3>
<ul>
<li><strong>Identity:</strong> first and last name; the details you give as an officer of your company.</li>
<li><strong>Contact:</strong> e-mail address, mobile phone number, company address.</li>
<li><strong>Customer transactions:</strong> applications, revenue-sharing plan, application steps, support requests and contact forms.</li>
<li><strong>Financial:</strong> tax number, company title, the order and sales amounts of the connected stores, repayment records.</li>
<li><strong>Transaction security:</strong> a one-way hash of your password, session records, IP address, records of verification codes used. Your marketplace API keys are stored encrypted and are never shown again on any screen.</li>
<li><strong>Marketing:</strong> only with your consent, your contact details for campaign messages and the campaign (UTM) details of your first visit.</li>
</ul>
<h3>3. Purposes and legal grounds</h3>
<ul>
<li>Creating your membership, verifying your phone and e-mail, keeping sessions secure: establishing and performing the contract (KVKK Art. 5/2-c), the controller's legitimate interest (Art. 5/2-f).</li>
<li>Connecting stores, reading their orders, providing store analytics and tips: performing the contract (Art. 5/2-c).</li>
<li>Receiving your stock financing (GPeT) application, its review by experts, telling you the result by e-mail and SMS, following the repayment schedule: establishing and performing the contract (Art. 5/2-c), establishing, exercising or protecting a right (Art. 5/2-e).</li>
<li>Tax, anti-money-laundering and record-keeping obligations: expressly provided by law and a legal obligation (Art. 5/2-a and ç).</li>
<li>Usage analytics to improve the service and commercial electronic messages: only with your explicit consent and approval (Art. 5/1).</li>
</ul>
<h3>4. Transfers</h3>
<p>Limited to the purposes above and in line with Article 8 of the KVKK, your personal data may be transferred to the business partners who provide the financing and review applications, to the suppliers of e-mail and SMS delivery, hosting and security services, to lawyers and auditors in legal disputes, and to authorised public bodies on request. Should a transfer abroad be needed, it is made under the conditions of Article 9 of the KVKK.</p>
<h3>5. How data is collected</h3>
<p>Electronically: from what you enter in the membership, company and application forms, from the APIs of the marketplace stores you connect, and from the records created while you use the portal.</p>
<h3>6. Retention</h3>
<p>Your data is kept for as long as the purpose requires and for the limitation and retention periods set by law; it is then erased, destroyed or anonymised.</p>
<h3>7. Your rights</h3>
<p>Under Article 11 of the KVKK you may learn whether your personal data is processed and, if so, ask for information about it; learn the purpose of the processing and whether the data is used for it; know the third parties it is transferred to; ask for incomplete or wrong data to be corrected and, where the conditions are met, for it to be erased or destroyed, and for these steps to be notified to those third parties; object to a result against you that arises solely from automated analysis; and claim compensation for damage caused by unlawful processing.</p>
<p>You may send your request in writing, by registered electronic mail (KEP), with a secure electronic signature or from the e-mail address registered with us to {{controller_contact}}, as set out in the Communiqué on the Procedures and Principles of Applications to the Data Controller. Requests are answered free of charge within thirty days at the latest.</p>`,
  },
} as const;
