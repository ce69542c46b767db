/** The privacy policy ("more info"): how the portal protects data day to day, cookies included. */
export const privacyPolicy = {
  tr: {
    title: 'Gizlilik Politikası',
    content: `<h2>Gizlilik Politikası</h2>
<p>Bu politika, {{controller}} tarafından işletilen satıcı portalında bilgilerinizi nasıl koruduğumuzu anlatır. Kişisel verilerin işlenmesine ilişkin ayrıntılar KVKK Aydınlatma Metni'ndedir.</p>
<h3>Güvenlik</h3>
<ul>
<li>Portal ile aranızdaki tüm bağlantılar şifrelidir (HTTPS).</li>
<li>Şifreniz yalnızca geri döndürülemez bir özet olarak saklanır; çalışanlarımız dahil kimse şifrenizi göremez.</li>
<li>Pazaryeri API anahtarlarınız ve erişim belirteçleriniz şifrelenerek saklanır, kayıtlara yazılmaz ve bağlandıktan sonra hiçbir ekranda gösterilmez.</li>
<li>Giriş denemeleri, doğrulama kodları ve SMS gönderimleri sınırlandırılır; e-posta veya telefonunuz değiştiğinde eski adresinize bildirim gönderilir.</li>
<li>Uzmanlarımız yalnızca değerlendirme için gereken bilgileri görür; her karar ve tahsilat kayıt altına alınır.</li>
</ul>
<h3>Mağaza verileri</h3>
<p>Bağladığınız mağazalardan yalnızca siparişler okunur; portal mağazanızda hiçbir değişiklik yapmaz. Bir mağazanın bağlantısını kaldırdığınızda yeni sipariş okunmaz.</p>
<h3>Çerezler ve analitik</h3>
<p>Oturumunuzun devamı ve dil ile tema tercihleriniz için zorunlu çerezler ve tarayıcı depolaması kullanılır. Analitik ve oturum kaydı yalnızca çerez bildirimindeki onayınızla başlar; kararınızı dilediğiniz zaman değiştirebilirsiniz. Onay vermezseniz analitik hizmete hiçbir veri gönderilmez.</p>
<h3>Değişiklikler</h3>
<p>Bu metinlerin yeni sürümleri yayımlandığında, bir sonraki girişinizde size gösterilir ve onayınız istenir. Önceki sürümler kayıtlarımızda saklanır.</p>
<h3>İletişim</h3>
<p>Sorularınız için: {{controller_contact}}.</p>`,
  },
  en: {
    title: 'Privacy Policy',
    content: `<h2>Privacy Policy</h2>
<p>This policy explains how we protect your information in the seller portal run by {{controller}}. The details of how personal data is processed are in the Privacy Notice.</p>
<h3>Security</h3>
<ul>
<li>Every connection between you and the portal is encrypted (HTTPS).</li>
<li>Your password is kept only as a one-way hash; nobody, our staff included, can see it.</li>
<li>Your marketplace API keys and access tokens are stored encrypted, never written to logs and never shown on any screen after you connect.</li>
<li>Sign-in attempts, verification codes and text messages are limited; when your e-mail or phone changes, your previous address is told.</li>
<li>Our experts see only what a review needs; every decision and collection is recorded.</li>
</ul>
<h3>Store data</h3>
<p>Only orders are read from the stores you connect; the portal changes nothing in your store. Once you remove a store's connection, no new orders are read.</p>
<h3>Cookies and analytics</h3>
<p>Essential cookies and browser storage keep you signed in and remember your language and theme. Analytics and session recording start only with your consent in the cookie notice, and you can change your choice at any time. Without consent, nothing is sent to the analytics service.</p>
<h3>Changes</h3>
<p>When a new version of these texts is published, it is shown to you at your next sign-in and your acceptance is asked for. Earlier versions are kept in our records.</p>
<h3>Contact</h3>
<p>For questions: {{controller_contact}}.</p>`,
  },
} as const;
