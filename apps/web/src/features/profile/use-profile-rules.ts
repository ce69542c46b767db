import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules } from '../../components/ui/form/field-rules.ts';

/**
 * The field rules with the specification's messages (§5). The messages live once, in the `auth`
 * namespace, and serve both account features.
 */
export function useProfileRules() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language;
  return useMemo(() => {
    const locale = language === 'en' ? 'en-GB' : 'tr-TR';
    const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
    const fieldName = (key: string) => t(`field_names.${key}`);
    const rules = fieldRules({
      required: (field) => t('validation.required', { field: capitalise(field) }),
      noSpecialCharacters: (field) => t('validation.no_special_characters', { field: capitalise(field) }),
      invalidFormat: (field) => t('validation.invalid_format', { field: capitalise(field) }),
      minLength: (field, min) => t('validation.min_length', { field, min }),
      invalidEmail: () => t('validation.invalid_email'),
      invalidPhone: () => t('validation.invalid_phone'),
      passwordRule: () => t('validation.password_rule'),
    });
    const passwordRuleLabels = {
      title: t('password_rule.title'),
      length: t('password_rule.length'),
      lowercase: t('password_rule.lowercase'),
      uppercase: t('password_rule.uppercase'),
      digit: t('password_rule.digit'),
      met: t('password_rule.met'),
      unmet: t('password_rule.unmet'),
    };
    return { rules, fieldName, passwordRuleLabels, authT: t };
    // `language` is the trigger: t keeps its identity across a language change.
  }, [t, language]);
}
