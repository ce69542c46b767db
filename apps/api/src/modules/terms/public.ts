/** What the terms module offers other modules (eslint: modules import each other only through public.ts). */
export { activeTerms, consentTermTypes, hasRequiredTermsPending, pendingTerms, type PendingTerm } from './service.ts';
