/**
 * Legal texts seeded at start. Bump `version` when a text changes: registration records which
 * version of each consent the customer accepted.
 */
export const termsCatalogue = [
  {
    termType: 'disclosure',
    version: 1,
    tr: {
      title: 'KVKK Aydınlatma Metni',
      content:
        '<h2>Kişisel Verilerin Korunması Hakkında Aydınlatma Metni</h2>' +
        '<p>6698 sayılı Kişisel Verilerin Korunması Kanunu uyarınca, kimlik, iletişim, şirket ve mağaza verileriniz; ' +
        'üyelik işlemlerinin yürütülmesi, başvurularınızın değerlendirilmesi ve yasal yükümlülüklerin yerine getirilmesi ' +
        'amaçlarıyla işlenir.</p>' +
        '<p>Verileriniz yalnızca hizmetin sunulması için gerekli olan iş ortaklarımızla ve yetkili kamu kurumlarıyla paylaşılır. ' +
        'Kanunun 11. maddesindeki haklarınızı kullanmak için bizimle iletişime geçebilirsiniz.</p>',
    },
    en: {
      title: 'Privacy Notice',
      content:
        '<h2>Notice on the Protection of Personal Data</h2>' +
        '<p>Under the Turkish Personal Data Protection Law No. 6698, your identity, contact, company and store data are ' +
        'processed to run your membership, assess your applications and meet our legal obligations.</p>' +
        '<p>Your data is shared only with business partners needed to provide the service and with authorised public ' +
        'bodies. Contact us to use your rights under Article 11 of the Law.</p>',
    },
  },
  {
    termType: 'consent',
    version: 1,
    tr: {
      title: 'Açık Rıza Metni',
      content:
        '<h2>Açık Rıza Metni</h2><p>Bağladığım pazaryeri mağazalarımın satış verilerinin, finansman başvurumun ' +
        'değerlendirilmesi ve mağaza analizleri sunulması amacıyla işlenmesine ve bu amaçla yurt içindeki iş ortaklarına ' +
        'aktarılmasına açık rıza veriyorum.</p>',
    },
    en: {
      title: 'Explicit Consent',
      content:
        '<h2>Explicit Consent</h2><p>I consent to the processing of the sales data of the marketplace stores I connect, ' +
        'for assessing my financing application and providing store analytics, and to its transfer to business partners ' +
        'in Türkiye for these purposes.</p>',
    },
  },
  {
    termType: 'electronic_message',
    version: 1,
    tr: {
      title: 'Ticari Elektronik İleti Onayı',
      content:
        '<h2>Ticari Elektronik İleti Onayı</h2><p>Kampanya, yeni ürün ve hizmetlerle ilgili bilgilendirmelerin tarafıma ' +
        'e-posta ve SMS yoluyla gönderilmesini kabul ediyorum. Bu onayı dilediğim zaman geri alabilirim.</p>',
    },
    en: {
      title: 'Commercial Electronic Messages',
      content:
        '<h2>Commercial Electronic Messages</h2><p>I agree to receive news about campaigns, new products and services ' +
        'by e-mail and SMS. I can withdraw this consent at any time.</p>',
    },
  },
  {
    termType: 'more_info',
    version: 1,
    tr: {
      title: 'Gizlilik Politikası',
      content:
        '<h2>Gizlilik Politikası</h2><p>Portalı kullanırken paylaştığınız bilgiler şifreli bağlantılar üzerinden iletilir, ' +
        'pazaryeri anahtarlarınız şifrelenerek saklanır ve hiçbir ekranda geri gösterilmez.</p>' +
        '<p>Analitik çerezler yalnızca onay vermeniz hâlinde kullanılır; tercihinizi profil sayfanızdan değiştirebilirsiniz.</p>',
    },
    en: {
      title: 'Privacy Policy',
      content:
        '<h2>Privacy Policy</h2><p>The information you share in the portal travels over encrypted connections, your ' +
        'marketplace keys are stored encrypted and are never shown again on any screen.</p>' +
        '<p>Analytics cookies are used only with your consent; you can change your choice on your profile page.</p>',
    },
  },
] as const;
