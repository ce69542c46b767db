/*
 * The route map: every operation the web calls, keyed "METHOD /path" with the path exactly as the
 * served OpenAPI document writes it (`{name}` for a path parameter), and what the operation takes and
 * answers. Types only, so the web pays no bytes for it: the web's `call()` (apps/web lib/http-client.ts)
 * builds the URL from the key and takes its types from here, and `npm run lint:openapi`
 * (scripts/openapi-client-usage.ts) holds every entry to the document the API serves.
 *
 * An entry's parts: `path` (the path parameters), `query`, `body` (the JSON sent) and `answer` (the
 * JSON of the success status; `undefined` for 204). A part that is absent is not sent.
 */
import type { ApplicationDetailView, AdminApplicationView, AdminContactFormView, AuditEventsPage } from './admin.ts';
import type { AuditEventsQuery, ContactFormPage, ContactFormQuery, DecisionBody, QueuePage, QueueQuery } from './admin.ts';
import type { ApplicationIdBody, ApplicationList, ApplicationView, ContactFormInput, ContactFormView } from './application.ts';
import type { SetStepBody, StartApplicationBody } from './application.ts';
import type { ChangePasswordBody, EmailChangeCodeSent, EmailChangeRequestBody, ForgotPasswordBody } from './auth.ts';
import type { GoogleLoginAnswer, GoogleLoginBody, LoginBody, PasswordChanged, PhoneCodeSent } from './auth.ts';
import type { RefreshTokenBody, RegisterCustomerBody, ResetPasswordBody, SessionTokens, VerificationCodeBody } from './auth.ts';
import type { MessageAnswer } from './common.ts';
import type { OutboxEntry, OutboxQuery } from './dev.ts';
import type { IdCheck, ValidateNationalIdBody, ValidateTaxNumberBody } from './company.ts';
import type { AcceptTermsBody, CustomerPhoneNumber, EmailCodeSent, EmailVerified } from './customer.ts';
import type { UpdateUserInfoBody, UserInfo, VerifyEmailBody } from './customer.ts';
import type { PerformanceView, PortfolioPage, PortfolioQuery, PortfolioSummaryView, WarningView } from './funding.ts';
import type { PlanInput, PlanParametersView, PlanView } from './gpp.ts';
import type { OrderSyncBody, Overview, RangeQuery, StoreLookup, StoreLookupBody, Tip, TurnoverSuggestion } from './insight.ts';
import type { CityPage, CityPageQuery } from './location.ts';
import type { AmazonAuthorizationQuery, AuthorizationUrl, ChangeStatusBody, CompanyWithIntegrations } from './marketplace.ts';
import type { IdeasoftAuthorizationBody, IntegrationListQuery, IntegrationView, MarketplaceView } from './marketplace.ts';
import type { SetCompanyBody, UpsertBody } from './marketplace.ts';
import type { OfferView } from './offer.ts';
import type { PaymentBody, RepaymentView } from './repayment.ts';
import type { RuntimeSettings } from './settings.ts';
import type { SupportRequestBody, SupportRequestCreated, SupportRequestPage, SupportRequestsQuery } from './support.ts';
import type { SupportRequestView } from './support.ts';
import type { TaskAccepted } from './tasks.ts';
import type { ActiveTerm, PublishBody, TermFilterAnswer, TermFilterQuery, TermVersionView } from './terms.ts';
import type { WorkContext } from './work-context.ts';

/** The path parameter of the back-office's per-application and per-form routes. */
interface ById {
  path: { id: string };
}

/**
 * A query as the web sends it: a number the server coerces from the query string (typed `unknown` on
 * the schema's input side) is sent as a number.
 */
type Sent<Query> = { [Key in keyof Query]: unknown extends Query[Key] ? number : Query[Key] };

/** The body of the POST routes that take none but an empty object (API.md sends `{}`). */
type Empty = Record<string, never>;

export interface ApiRoutes {
  // ---- start-up and legal texts
  'GET /settings': { answer: RuntimeSettings };
  'GET /customer/get_active_terms': { answer: ActiveTerm[] };
  'GET /customer/term_filter': { query: Sent<TermFilterQuery>; answer: TermFilterAnswer };

  // ---- accounts and sessions
  'POST /auth/register_customer': { body: RegisterCustomerBody; answer: SessionTokens };
  'POST /auth/login': { body: LoginBody; answer: SessionTokens };
  'POST /auth/google/login': { body: GoogleLoginBody; answer: GoogleLoginAnswer };
  'POST /auth/token/refresh': { body: RefreshTokenBody; answer: SessionTokens };
  'POST /auth/logout': { body: RefreshTokenBody; answer: undefined };
  'POST /auth/otp/send': { body: Empty; answer: PhoneCodeSent };
  'POST /auth/otp/verify': { body: VerificationCodeBody; answer: SessionTokens };
  'POST /auth/forgot_password': { body: ForgotPasswordBody; answer: MessageAnswer };
  'POST /auth/reset_password': { body: ResetPasswordBody; answer: MessageAnswer };
  'POST /auth/change_password': { body: ChangePasswordBody; answer: PasswordChanged };
  'POST /auth/email_change_request': { body: EmailChangeRequestBody; answer: EmailChangeCodeSent };
  'POST /auth/email_change_verify': { body: VerificationCodeBody; answer: SessionTokens };

  // ---- the signed-in customer
  'GET /customer/get_user_info': { answer: UserInfo };
  'POST /customer/accept_terms': { body: AcceptTermsBody; answer: UserInfo };
  'POST /customer/update_user_info': { body: UpdateUserInfoBody; answer: UserInfo };
  'GET /customer/get_customer_phone_number': { answer: CustomerPhoneNumber };
  'POST /customer/activate_email': { body: Empty; answer: EmailCodeSent };
  'POST /customer/verify_email': { body: VerifyEmailBody; answer: EmailVerified };
  'GET /work_context/get/{customer_id}': { path: { customer_id: string }; answer: WorkContext };

  // ---- stores and company
  'GET /marketplace/all': { answer: MarketplaceView[] };
  'POST /marketplace/integration/upsert': { body: UpsertBody; answer: TaskAccepted };
  'GET /marketplace/amazon/authorization_url': { query: Sent<AmazonAuthorizationQuery>; answer: AuthorizationUrl };
  'POST /marketplace/ideasoft/authorization_url': { body: IdeasoftAuthorizationBody; answer: AuthorizationUrl };
  'GET /marketplace/integration/list': { query?: Sent<IntegrationListQuery>; answer: IntegrationView[] };
  'POST /marketplace/integration/change_status': { body: ChangeStatusBody; answer: TaskAccepted };
  'GET /marketplace/integration/get_details_by_customer_id': { answer: CompanyWithIntegrations };
  'POST /marketplace/integration/set_company': { body: SetCompanyBody; answer: TaskAccepted };
  'POST /company/validate_vkn': { body: ValidateTaxNumberBody; answer: IdCheck };
  'POST /company/validate_tckn': { body: ValidateNationalIdBody; answer: IdCheck };

  // ---- WorqInsight
  'POST /insight/store_lookup': { body: StoreLookupBody; answer: StoreLookup };
  'POST /insight/sync': { body: OrderSyncBody; answer: TaskAccepted };
  'GET /insight/overview': { query: Sent<RangeQuery>; answer: Overview };
  'GET /insight/tips': { query: Sent<RangeQuery>; answer: Tip[] };

  // ---- WorqTrade: plan, offer, application, after funding
  'GET /gpp/suggestion': { answer: TurnoverSuggestion };
  'GET /gpp/offer': { answer: OfferView };
  'GET /gpp/get': { answer: PlanParametersView };
  'POST /gpp/upsert': { body: PlanInput; answer: PlanView };
  'GET /gpp/get_by_customer_id': { answer: PlanView };
  'POST /application/start_application': { body: StartApplicationBody; answer: ApplicationView };
  'POST /application/set_step': { body: SetStepBody; answer: ApplicationView };
  'POST /application/leave_application': { body: ApplicationIdBody; answer: ApplicationView };
  'POST /application/complete_application': { body: ApplicationIdBody; answer: ApplicationView };
  'GET /application/get_by_customer_id/{customer_id}': { path: { customer_id: string }; answer: ApplicationList };
  'POST /application/form/upsert': { body: ContactFormInput; answer: ContactFormView };
  'GET /location/city/view': { query: Sent<CityPageQuery>; answer: CityPage };
  'GET /application/{id}/performance': ById & { answer: PerformanceView };
  'GET /application/{id}/repayments': ById & { answer: RepaymentView };
  'POST /support/request': { body: SupportRequestBody; answer: SupportRequestCreated };

  // ---- the back-office
  'GET /admin/terms': { answer: TermVersionView[] };
  'POST /admin/terms': { body: PublishBody; answer: TermVersionView };
  'GET /admin/applications': { query: Sent<QueueQuery>; answer: QueuePage };
  'GET /admin/applications/{id}': ById & { answer: ApplicationDetailView };
  'GET /admin/applications/{id}/events': ById & { query: Sent<AuditEventsQuery>; answer: AuditEventsPage };
  'POST /admin/applications/{id}/decision': ById & { body: DecisionBody; answer: AdminApplicationView };
  'GET /admin/applications/{id}/repayments': ById & { answer: RepaymentView };
  'POST /admin/applications/{id}/payments': ById & { body: PaymentBody; answer: RepaymentView };
  'GET /admin/applications/{id}/warnings': ById & { answer: WarningView[] };
  'GET /admin/contact_forms': { query: Sent<ContactFormQuery>; answer: ContactFormPage };
  'POST /admin/contact_forms/{id}/handled': ById & { answer: AdminContactFormView };
  'GET /admin/portfolio': { query: Sent<PortfolioQuery>; answer: PortfolioPage };
  'GET /admin/portfolio.csv': { query: Sent<Omit<PortfolioQuery, 'page' | 'pagesize'>>; answer: string };
  'GET /admin/portfolio/summary': { answer: PortfolioSummaryView };
  'GET /admin/support_requests': { query: Sent<SupportRequestsQuery>; answer: SupportRequestPage };
  'POST /admin/support_requests/{id}/handled': ById & { answer: SupportRequestView };

  // ---- development only: the messages the outbox transport kept
  'GET /dev/outbox': { query: Sent<OutboxQuery>; answer: OutboxEntry[] };
}

/** An operation of the map, e.g. `'GET /insight/overview'`. */
export type Route = keyof ApiRoutes;

/** What a call of the operation sends: its path parameters, query and body, as the entry has them. */
export type RouteInput<R extends Route> = Omit<ApiRoutes[R], 'answer'>;

/** What the operation answers on success. */
export type RouteAnswer<R extends Route> = ApiRoutes[R]['answer'];

/** The query of a route as the web sends it. */
export type RouteQuery<R extends Route> = RouteInput<R> extends { query?: infer Query } ? Query : never;
