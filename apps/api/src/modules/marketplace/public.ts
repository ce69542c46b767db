/** What the marketplace module offers other modules (eslint: modules import each other only through public.ts). */
export {
  findIntegration,
  findMarketplace,
  hasAnyIntegration,
  listIntegrations,
  updateIntegration,
  type Integration,
  type ListedIntegration,
} from './repository.ts';
export { integrationContext } from './connector-calls.ts';
export { toStoreFields } from './views.ts';
export { takeAmazonRedirect } from './authorization.ts';
