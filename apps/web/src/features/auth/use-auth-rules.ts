import { useMemo } from 'react';
import { fieldRules } from '../../components/ui/form/field-rules.ts';
import { useAuthMessages } from './use-auth-messages.ts';

/** The field rules with the specification's messages (§5) in the current language. */
export function useAuthRules() {
  const { messages, fieldName, t } = useAuthMessages();
  return useMemo(() => {
    const rules = fieldRules(messages);
    const passwordRuleLabels = {
      title: t('password_rule.title'),
      length: t('password_rule.length'),
      lowercase: t('password_rule.lowercase'),
      uppercase: t('password_rule.uppercase'),
      digit: t('password_rule.digit'),
      met: t('password_rule.met'),
      unmet: t('password_rule.unmet'),
    };
    return { rules, fieldName, passwordRuleLabels, t };
  }, [messages, fieldName, t]);
}
