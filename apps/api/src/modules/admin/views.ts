/** The back office's wire shapes (wire/admin.ts) of the rows the repository reads. */
import type { AdminApplicationView, AdminContactFormView, CustomerSummary, EventView, PersonView } from '@worq/domain/wire/admin';
import type { Db } from '../../db/client.ts';
import { findPerson, type ApplicationRow, type ContactFormRow, type EventRow, type PersonRef } from './repository.ts';

const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const toPerson = (person: PersonRef): PersonView => ({ id: person.id, name: name(person), email: person.email });

export function toCustomerSummary(customer: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
}): CustomerSummary {
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
  };
}

export async function toApplicationView(db: Db, row: ApplicationRow): Promise<AdminApplicationView> {
  const decider = row.decidedBy ? await findPerson(db, row.decidedBy) : undefined;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: decider ? toPerson(decider) : null,
    status: row.status,
    reject_reason: row.rejectReason,
    step: row.step,
    is_leaved: row.isLeaved,
    is_cancelled: row.isCancelled,
  };
}

export function toContactFormView(row: ContactFormRow): AdminContactFormView {
  const { form } = row;
  return {
    id: form.id,
    created_at: form.createdAt.toISOString(),
    customer: toCustomerSummary(row.customer),
    application: form.applicationId && row.applicationStatus ? { id: form.applicationId, status: row.applicationStatus } : null,
    sales_channels: form.salesChannels,
    monthly_revenue_band: form.monthlyRevenueBand,
    ecommerce_duration_band: form.ecommerceDurationBand,
    best_selling_store_name: form.bestSellingStoreName,
    headquarters_city: { id: form.headquartersCityId, name: row.cityName },
    note: form.note,
    handled_at: form.handledAt?.toISOString() ?? null,
    handled_by:
      form.handledBy && row.handlerEmail !== null
        ? {
            id: form.handledBy,
            name: name({ firstName: row.handlerFirstName ?? '', lastName: row.handlerLastName ?? '' }),
            email: row.handlerEmail,
          }
        : null,
  };
}

export function toEventView(row: EventRow): EventView {
  const known = row.actorEmail !== null;
  return {
    id: row.id,
    action: row.action,
    actor: {
      id: row.actorId,
      name: known ? name({ firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' }) : null,
      email: row.actorEmail,
      role: row.actorRole,
    },
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  };
}
