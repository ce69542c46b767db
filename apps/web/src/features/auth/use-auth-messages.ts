import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldRuleMessages } from '../../components/ui/form/field-rules.ts';

/*
 * The specification's validation messages (§5) in the current language, without zod: the sign-in
 * form checks its two fields with the plain rules of @worq/domain and must not pull a schema
 * library into the login route. useAuthRules builds the zod blocks on top of these words.
 */
export function useAuthMessages() {
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
