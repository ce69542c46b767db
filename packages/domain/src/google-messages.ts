import type { Language } from './language.ts';

/** Messages of Google sign-in and analytics consent (tr + en). */
export const googleMessages = {
  google_sign_in_disabled: {
    tr: 'Google ile giriş şu anda kullanılamıyor. Lütfen e-posta adresiniz ve şifrenizle giriş yapın.',
    en: 'Sign in with Google is not available right now. Please sign in with your email and password.',
  },
  invalid_google_credential: {
    tr: 'Google ile giriş doğrulanamadı. Lütfen yeniden deneyin.',
    en: 'We could not verify your Google sign-in. Please try again.',
  },
  google_email_not_verified: {
    tr: 'Google hesabınızın e-posta adresi doğrulanmamış. Lütfen adresi Google’da doğrulayın ya da e-posta ve şifreyle kaydolun.',
    en: 'The email address of your Google account is not verified. Please verify it with Google or sign up with email and password.',
  },
  google_sign_in_not_allowed: {
    tr: 'Bu hesap Google ile giriş yapamaz. Lütfen e-posta adresiniz ve şifrenizle giriş yapın.',
    en: 'This account cannot sign in with Google. Please sign in with your email and password.',
  },
  google_account_mismatch: {
    tr: 'Bu e-posta adresinin hesabı başka bir Google hesabına bağlı. Lütfen o Google hesabıyla ya da e-posta adresiniz ve şifrenizle giriş yapın.',
    en: 'The account of this email address is linked to another Google account. Please sign in with that Google account or with your email and password.',
  },
  google_password_removed: {
    tr: 'Google ile giriş yaptınız. Bu hesabın e-posta adresi daha önce doğrulanmadığı için eski şifresi kaldırıldı ve diğer oturumlar kapatıldı. Şifreyle de giriş yapmak isterseniz "Şifremi unuttum" ile yeni bir şifre belirleyin.',
    en: 'You signed in with Google. As this account\'s email address had never been verified, its old password was removed and its other sessions were ended. To sign in with a password too, set a new one with "Forgot password".',
  },
  phone_number_required: {
    tr: 'Doğrulama kodu gönderebilmemiz için önce telefon numaranızı girin.',
    en: 'Enter your phone number first so that we can send you a verification code.',
  },
} as const satisfies Record<string, Record<Language, string>>;
