/*
 * The wire contract's closed lists, as plain values: the zod schemas of wire/*.ts build their enums
 * from them and the web imports them directly. This module imports nothing, so the web takes no
 * schema code with a list. Each list is in the order the screens show it.
 */

/** An application's status (API.md Application). */
export const applicationStatuses = ['not_completed', 'in_progress', 'approved', 'rejected'] as const;

/** A store connection's status, and the back-office's view of it, which also shows deleted ones. */
export const integrationStatuses = ['active', 'out_of_date', 'disabled'] as const;
export const adminStoreStatuses = [...integrationStatuses, 'deleted'] as const;

/** Amazon's SP-API regions. Turkey's store is served by Europe, so it comes first: the form's default. */
export const amazonRegions = ['EU', 'NA', 'FE'] as const;
export type AmazonRegion = (typeof amazonRegions)[number];

/** Whether a stored or typed region is one of Amazon's. */
export function isAmazonRegion(value: unknown): value is AmazonRegion {
  return typeof value === 'string' && (amazonRegions as readonly string[]).includes(value);
}

/** The contact (skip-step) form's choices. */
export const salesChannels = ['marketplace', 'own_website', 'other_channels', 'none'] as const;
export const monthlyRevenueBands = ['0_50k', '50k_500k', '500k_1m', '1m_2m', '2m_5m', '5m_plus', 'prefer_not_to_share'] as const;
export const ecommerceDurationBands = ['0_3m', '3m_1y', '1y_5y', '5y_plus'] as const;

/** The review queue's status filter. */
export const queueFilters = ['in_progress', 'approved', 'rejected', 'all'] as const;
/** The handled filter of the back-office's contact forms and support requests: still to answer first. */
export const handledFilters = ['false', 'true', 'all'] as const;

/** The support form's topics and ways to be reached, and its message bounds. */
export const supportTopics = ['company_change', 'connection', 'application', 'other'] as const;
export const contactPreferences = ['email', 'phone'] as const;
export const supportMessageLength = { min: 10, max: 2000 } as const;

/** The legal texts the server keeps, in the order GET /customer/get_active_terms lists them (API.md). */
export const termTypes = ['consent', 'disclosure', 'electronic_message', 'more_info'] as const;

/** The funded sellers' portfolio: early warnings in the order of their weight, sorts, states and risk filters. */
export const warningCodes = ['installment_late', 'store_stale', 'sales_below_forecast', 'no_orders', 'return_rate_doubled'] as const;
export const portfolioSorts = ['risk', 'approved_at', 'remaining', 'sales_4w'] as const;
export const portfolioStates = ['active', 'repaid', 'all'] as const;
export const portfolioRiskFilters = ['all', 'any_warning', ...warningCodes] as const;
