import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { FieldRuleMessages } from './field-rules.ts';

/*
 * The specification's validation messages (§5) in the current language, without zod: the sign-in
 * form checks its two fields with the plain rules of @worq/domain and must not pull a schema
 * library into the login route. useFieldRules builds the zod blocks on top of these words. The
 * words live once, in the `auth` namespace, and serve both account features (auth and profile).
 */
export function useFieldMessages() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language;
  return useMemo(() => {
    const locale = language === 'en' ? 'en-GB' : 'tr-TR';
    const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
    const fieldName = (key: string) => t(`field_names.${key}`);
    const messages: FieldRuleMessages = {
      required: (field) => t('validation.required', { field: capitalise(field) }),
      noSpecialCharacters: (field) => t('validation.no_special_characters', { field: capitalise(field) }),
      invalidFormat: (field) => t('validation.invalid_format', { field: capitalise(field) }),
      minLength: (field, min) => t('validation.min_length', { field, min }),
      invalidEmail: () => t('validation.invalid_email'),
      invalidPhone: () => t('validation.invalid_phone'),
      passwordRule: () => t('validation.password_rule'),
    };
    return { messages, fieldName, t };
    // `language` is the trigger: t keeps its identity across a language change.
  }, [t, language]);
}

/** The words of the password fields: the show/hide toggle, the current password and the new-password checklist. */
export function usePasswordWords() {
  const { t } = useTranslation('auth');
  return {
    currentLabel: t('fields.current_password'),
    toggle: { showLabel: t('password_toggle.show'), hideLabel: t('password_toggle.hide') },
    ruleLabels: {
      title: t('password_rule.title'),
      length: t('password_rule.length'),
      lowercase: t('password_rule.lowercase'),
      uppercase: t('password_rule.uppercase'),
      digit: t('password_rule.digit'),
      met: t('password_rule.met'),
      unmet: t('password_rule.unmet'),
    },
  };
}
