import { useEffect, useRef } from 'react';
import { registerTermsPending } from '../../../lib/http-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUserInfo, type PendingTerm, type UserInfo } from './user-info.ts';

const none: PendingTerm[] = [];

/**
 * The legal texts the signed-in seller has to answer again (GET /customer/get_user_info), asked again
 * when the server refuses a write with 403 terms_pending. While the answer loads, or if it fails,
 * nothing is pending: the pages are never held back by this check.
 * The titles come in the request language, so a language switch asks again.
 */
export function usePendingTerms(): { pending: PendingTerm[]; answered: (user: UserInfo) => void } {
  const { i18n } = useTranslation();
  const { data, mutate } = useUserInfo();
  const language = i18n.language;
  const shownLanguage = useRef(language);
  const pending = data?.pending_terms ?? none;

  // A write refused with 403 terms_pending (a text published since this answer was read) asks again.
  useEffect(() => registerTermsPending(() => void mutate()), [mutate]);

  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (pending.length > 0) void mutate();
  }, [language, pending.length, mutate]);

  return { pending, answered: (user) => void mutate(user, { revalidate: false }) };
}
