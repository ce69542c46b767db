/** What the company module offers other modules (eslint: modules import each other only through public.ts). */
export { findCompaniesByIds, findCompanyById, findCompanyByTaxNumber, latestCompanyOf } from './repository.ts';
export { toCompanyView, upsertCompany } from './service.ts';
