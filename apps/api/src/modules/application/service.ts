import { eq } from 'drizzle-orm';
import type { MessageKey } from '@worq/domain/messages';
import type {
  ApplicationListItem,
  ApplicationStep,
  ApplicationView,
  ContactFormView,
  MissingRequirement,
  ParsedContactFormInput,
  SubmittedSnapshot,
} from '@worq/domain/wire/application';
import type { CompanyView } from '@worq/domain/wire/company';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { toCompanyView } from '../company/public.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toPlanView } from './plan-view.ts';
import { findCity } from '../location/public.ts';
import { toStoreFields } from '../marketplace/public.ts';
import {
  findActiveApplication,
  findApplication,
  findContactForm,
  findPlan,
  hasLinkedValidIntegration,
  insertApplication,
  insertContactForm,
  isActiveApplication,
  linkedValidIntegrations,
  listApplications,
  recordEvent,
  updateApplication,
  updateContactForm,
  type Application,
  type ContactForm,
} from './repository.ts';

export function toApplicationView(application: Application): ApplicationView {
  return {
    id: application.id,
    created_at: application.createdAt.toISOString(),
    status: application.status,
    reject_reason: application.rejectReason,
    step: application.step as ApplicationStep,
    is_leaved: application.isLeaved,
    is_cancelled: application.isCancelled,
  };
}

/* ---------- Step requirements ---------- */

/** What is missing, as the web can act on it: the wire's `missing` next to the message. */
const missingMessages: Record<MissingRequirement, MessageKey> = {
  plan: 'plan_required',
  linked_store: 'linked_store_required',
  summary_step: 'summary_step_required',
};

function requirementsNotMet(missing: MissingRequirement): AppError {
  return new AppError(409, 'step_requirements_not_met', { messageKey: missingMessages[missing], extra: { missing } });
}

/**
 * Checks what a step needs (ARCHITECTURE.md §4): step 2 a saved plan; step 3 also an active,
 * up-to-date store linked to a company. Step 1 needs nothing.
 */
async function assertStepRequirements(db: Db, application: Application, step: ApplicationStep): Promise<void> {
  if (step >= 2 && !(await findPlan(db, application.id))) throw requirementsNotMet('plan');
  if (step >= 3 && !(await hasLinkedValidIntegration(db, application.customerId))) throw requirementsNotMet('linked_store');
}

/** The caller's application, locked for the rest of the transaction; 404 for anybody else's. */
async function ownApplication(db: Db, customerId: string, applicationId: string): Promise<Application> {
  const application = await findApplication(db, customerId, applicationId, { lock: true });
  if (!application) throw new AppError(404, 'application_not_found');
  return application;
}

function assertActive(application: Application): void {
  if (!isActiveApplication(application)) throw new AppError(409, 'application_not_active');
}

/* ---------- Journey ---------- */

/**
 * Starts an application. With an active one the caller must confirm (`cancel_existing`); the old
 * one is then cancelled in the same transaction. The partial unique index decides races.
 */
export async function startApplication(db: Db, customerId: string, cancelExisting: boolean): Promise<ApplicationView> {
  try {
    const created = await db.transaction(async (tx) => {
      const existing = await findActiveApplication(tx, customerId, { lock: true });
      if (existing) {
        if (!cancelExisting) throw new AppError(409, 'active_application_exists', { messageKey: 'application_already_active' });
        await updateApplication(tx, existing.id, { isCancelled: true });
        await recordEvent(tx, {
          applicationId: existing.id,
          actorId: customerId,
          action: 'cancelled',
          detail: { reason: 'new_application' },
        });
      }
      const application = await insertApplication(tx, customerId);
      await recordEvent(tx, {
        applicationId: application.id,
        actorId: customerId,
        action: 'started',
        detail: existing ? { replaces: existing.id } : {},
      });
      return application;
    });
    return toApplicationView(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'active_application_exists', { messageKey: 'application_already_active' });
    throw error;
  }
}

export async function setStep(db: Db, customerId: string, applicationId: string, step: ApplicationStep): Promise<ApplicationView> {
  const updated = await db.transaction(async (tx) => {
    const application = await ownApplication(tx, customerId, applicationId);
    assertActive(application);
    if (application.step === step) return application;
    // Going back never needs anything; going forward needs what the target step needs.
    if (step > application.step) await assertStepRequirements(tx, application, step);
    const saved = await updateApplication(tx, application.id, { step, ...(step >= 2 ? { reachedStepTwo: true } : {}) });
    await recordEvent(tx, {
      applicationId: application.id,
      actorId: customerId,
      action: 'step_changed',
      detail: { from: application.step, to: step },
    });
    return saved;
  });
  return toApplicationView(updated);
}

export async function leaveApplication(db: Db, customerId: string, applicationId: string): Promise<ApplicationView> {
  const updated = await db.transaction(async (tx) => {
    const application = await ownApplication(tx, customerId, applicationId);
    if (application.isLeaved) return application;
    assertActive(application);
    const saved = await updateApplication(tx, application.id, { isLeaved: true });
    await recordEvent(tx, { applicationId: application.id, actorId: customerId, action: 'left', detail: { step: application.step } });
    return saved;
  });
  return toApplicationView(updated);
}

async function buildSnapshot(db: Db, application: Application): Promise<SubmittedSnapshot> {
  const plan = await findPlan(db, application.id);
  if (!plan) throw requirementsNotMet('plan');
  const stores = await linkedValidIntegrations(db, application.customerId);
  const first = stores[0];
  if (!first) throw requirementsNotMet('linked_store');
  const companies = new Map<string, CompanyView>();
  const integrations = stores.map((store) => {
    const company = toCompanyView(store.company);
    companies.set(company.id, company);
    return {
      id: store.id,
      marketplace_id: store.marketplaceId,
      marketplace_code: store.marketplaceCode,
      marketplace_name: store.marketplaceName,
      ...toStoreFields(store),
      company_id: company.id,
      company,
    };
  });
  return { integrations, company: toCompanyView(first.company), companies: [...companies.values()], plan: toPlanView(plan) };
}

/**
 * Submits the application for review: it must be at step 3 with everything step 3 needs. A
 * repeated call for an already submitted application answers it again without a second notice.
 * `onSubmitted` runs after the commit, only for a fresh submission.
 */
export async function completeApplication(
  db: Db,
  customerId: string,
  applicationId: string,
  onSubmitted: (applicationId: string) => Promise<void>,
): Promise<ApplicationView> {
  let submittedNow = false;
  const updated = await db.transaction(async (tx) => {
    const application = await ownApplication(tx, customerId, applicationId);
    if (application.submittedAt && !application.isLeaved && !application.isCancelled) return application;
    assertActive(application);
    if (application.step !== 3) throw requirementsNotMet('summary_step');
    await assertStepRequirements(tx, application, 3);
    const snapshot = await buildSnapshot(tx, application);
    const saved = await updateApplication(tx, application.id, {
      status: 'in_progress',
      submittedAt: new Date(),
      submittedSnapshot: snapshot,
    });
    await recordEvent(tx, {
      applicationId: application.id,
      actorId: customerId,
      action: 'submitted',
      detail: { integration_ids: snapshot.integrations.map((store) => store.id) },
    });
    submittedNow = true;
    return saved;
  });
  if (submittedNow) await onSubmitted(updated.id);
  return toApplicationView(updated);
}

export async function applicationsOf(db: Db, customerId: string): Promise<ApplicationListItem[]> {
  const rows = await listApplications(db, customerId);
  return rows.map(({ application, plan }) => ({ ...toApplicationView(application), ...(plan ? { plan: toPlanView(plan) } : {}) }));
}

/* ---------- Contact (skip-step) form ---------- */

export function toContactFormView(form: ContactForm): ContactFormView {
  return {
    id: form.id,
    application_id: form.applicationId,
    sales_channels: form.salesChannels,
    monthly_revenue_band: form.monthlyRevenueBand,
    ecommerce_duration_band: form.ecommerceDurationBand,
    best_selling_store_name: form.bestSellingStoreName,
    headquarters_city_id: form.headquartersCityId,
    note: form.note,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
  };
}

/**
 * Saves the contact form: one per application (or one without an application) per customer, so a
 * second send replaces the first. It never moves the application.
 */
export async function saveContactForm(db: Db, customerId: string, input: ParsedContactFormInput): Promise<ContactFormView> {
  if (!(await findCity(db, input.headquarters_city_id))) {
    throw new AppError(400, 'validation_failed', { fields: { headquarters_city_id: { key: 'city_unknown' } } });
  }
  const applicationId = input.application_id ?? null;
  const saved = await db.transaction(async (tx) => {
    // Serialises two sends of the same customer, so they cannot both insert.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    if (applicationId) await ownApplication(tx, customerId, applicationId);
    const values = {
      salesChannels: input.sales_channels,
      monthlyRevenueBand: input.monthly_revenue_band,
      ecommerceDurationBand: input.ecommerce_duration_band,
      bestSellingStoreName: input.best_selling_store_name,
      headquartersCityId: input.headquarters_city_id,
      note: input.note ? input.note : null,
    };
    const existing = await findContactForm(tx, customerId, applicationId);
    const form = existing
      ? await updateContactForm(tx, existing.id, values)
      : await insertContactForm(tx, { customerId, applicationId, ...values });
    if (applicationId) {
      await recordEvent(tx, {
        applicationId,
        actorId: customerId,
        action: 'contact_form_saved',
        detail: { contact_form_id: form.id, updated: Boolean(existing) },
      });
    }
    return form;
  });
  return toContactFormView(saved);
}
