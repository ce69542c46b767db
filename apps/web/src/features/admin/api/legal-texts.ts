import useSWR from 'swr';
import type { PublishBody, TermVersionView } from '@worq/domain/wire/terms';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** The same four texts the seller screens show (lib/terms.ts). */
export { termTypes as legalTextTypes, type TermType as LegalTextType } from '../../../lib/terms.ts';

/**
 * One published version of a legal text in both languages (GET /admin/terms). Contents are as
 * stored: {{controller}} and {{controller_contact}} are filled in only for sellers.
 */
export type { TermVersionView as LegalTextVersion };

export const legalTextsPath = routeUrl('GET /admin/terms');

export function useLegalTexts() {
  return useSWR(legalTextsPath, () => call('GET /admin/terms'));
}

/** POST /admin/terms: the next version; sellers who accepted an older one are asked again. */
export function publishLegalText(body: PublishBody): Promise<TermVersionView> {
  return call('POST /admin/terms', { body });
}
