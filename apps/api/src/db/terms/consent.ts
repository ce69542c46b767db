/**
 * Explicit consent (açık rıza, KVKK Art. 3 and 5/1): specific, informed and freely given, so it
 * names each processing it covers and says that refusing it closes no door to the basic service.
 */
export const consent = {
  tr: {
    title: 'Açık Rıza Metni',
    content: `<h2>Açık Rıza Metni</h2>
<p>{{controller}} tarafından sunulan KVKK Aydınlatma Metni'ni okudum. Aşağıdaki işlemlere, kendi özgür irademle ve bilgilendirilmiş olarak açık rıza veriyorum:</p>
<ul>
<li>Bağladığım pazaryeri mağazalarımın sipariş ve satış verilerinin, mağaza analizleri ve öneriler (WorqInsight) sunulması amacıyla işlenmesi;</li>
<li>Bu verilerin ve başvuru bilgilerimin, stok finansmanı başvurumun değerlendirilmesi ve finansman teklifinin hazırlanması amacıyla finansmanı sağlayan iş ortaklarına aktarılması;</li>
<li>Portalı nasıl kullandığıma ilişkin analitik verilerin (ziyaret edilen sayfalar, oturum kayıtları) hizmetin iyileştirilmesi amacıyla yurt dışında sunucuları bulunan analitik hizmet sağlayıcısına aktarılması. Analitik çerezler ayrıca çerez tercihinize bağlıdır.</li>
</ul>
<p>Açık rıza vermemeniz üyeliğinizi ve hukuki sebebi sözleşme olan işlemleri engellemez. Rızanızı dilediğiniz zaman, {{controller_contact}} adresine yazarak veya bir sonraki güncellemede onayı kaldırarak geri alabilirsiniz; geri alma, o ana kadar yapılan işlemleri etkilemez.</p>`,
  },
  en: {
    title: 'Explicit Consent',
    content: `<h2>Explicit Consent</h2>
<p>I have read the Privacy Notice of {{controller}}. Freely and on an informed basis, I give my explicit consent to:</p>
<ul>
<li>the processing of the order and sales data of the marketplace stores I connect, to provide store analytics and tips (WorqInsight);</li>
<li>the transfer of this data and of my application details to the business partners who provide the financing, to assess my stock financing application and prepare a financing offer;</li>
<li>the transfer of analytics about how I use the portal (pages visited, session recordings) to an analytics provider with servers abroad, to improve the service. Analytics cookies also depend on your cookie choice.</li>
</ul>
<p>Not giving this consent does not prevent your membership or the processing whose legal ground is the contract. You can withdraw it at any time by writing to {{controller_contact}} or by clearing it at the next update; withdrawal does not affect what was done before it.</p>`,
  },
} as const;
