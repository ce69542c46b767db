import { useMemo } from 'react';
import { fieldRules } from './field-rules.ts';
import { useFieldMessages } from './use-field-messages.ts';

/**
 * The field rules with the specification's messages (§5) in the current language. `t` reads the
 * `auth` namespace, where the account forms' shared words live.
 */
export function useFieldRules() {
  const { messages, fieldName, t } = useFieldMessages();
  return useMemo(() => ({ rules: fieldRules(messages), fieldName, t }), [messages, fieldName, t]);
}
