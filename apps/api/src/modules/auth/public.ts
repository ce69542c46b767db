/** What the auth module offers other modules (eslint: modules import each other only through public.ts). */
export { countHit } from './account-limits.ts';
export { confirmCurrentPassword, notifyContactChanged } from './contact-change.ts';
export { accountsContext, type AccountsContext } from './context.ts';
export { findCustomerById, isExpertNow, updateCustomer, type Customer } from './customer-repository.ts';
export { emailVerificationCode } from './notifications.ts';
export { sendPhoneCode } from './phone-verification.ts';
export { consentRecords, type RegistrationInput } from './registration.ts';
export { endAllSessions } from './sessions.ts';
export { consumeCode, issueCode } from './verification-codes.ts';
