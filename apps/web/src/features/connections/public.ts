/*
 * What other features may use from connections: the WorqTrade onboarding's connect-store step lists
 * the seller's stores, opens the connect-store flow and links company details. Everything else in
 * this folder stays private (the lint allows only this file across the feature boundary).
 */
export { ConnectStoreModal, type ConnectStoreModalProps, type StorePrefill } from './components/connect-store-modal.tsx';
export { CompanyForm, type CompanyFormProps } from './components/company-form.tsx';
export { useIntegrations, integrationListKey, type Integration, type IntegrationStatus } from './api/integrations.ts';
export { useIntegrationDetails, integrationDetailsKey, type Company, type IntegrationDetails } from './api/integration-details.ts';
export { setCompany } from './api/set-company.ts';
export type { CompanyInput, CompanyType } from '@worq/domain/wire/company';
export type { SetCompanyBody } from '@worq/domain/wire/marketplace';
export { marketplaceLogoUrl, marketplaceName } from './marketplace-catalogue.ts';
