import { useCallback } from 'react';
import { useTranslation } from './i18n.ts';
import { formatMessage, type MessageKey, type MessageParams } from '@worq/domain/messages';

/**
 * The shared catalogue's words (specification §5, §8) in the page's language, so the browser and
 * the server say the same thing ('The tax identification number must be 10 digits.').
 */
export function useDomainMessage() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'tr';
  return useCallback((key: MessageKey, params?: MessageParams) => formatMessage(language, key, params), [language]);
}
