/**
 * The legal texts seeded at start: version 2, the complete texts that replaced the first short
 * placeholders (version 1). Later versions are published by experts from the back-office
 * (modules/terms/publishing.ts); the seed never overwrites a version once it is stored, since
 * sellers have accepted exactly that text.
 */
import { consent } from './terms/consent.ts';
import { disclosure } from './terms/disclosure.ts';
import { electronicMessage } from './terms/electronic-message.ts';
import { privacyPolicy } from './terms/privacy-policy.ts';

export const seededTermsVersion = 2;

export const termsCatalogue = [
  { termType: 'disclosure', version: seededTermsVersion, ...disclosure },
  { termType: 'consent', version: seededTermsVersion, ...consent },
  { termType: 'electronic_message', version: seededTermsVersion, ...electronicMessage },
  { termType: 'more_info', version: seededTermsVersion, ...privacyPolicy },
] as const;
