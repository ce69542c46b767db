/** The sellers' contact forms in the back office: the list and marking one handled. */
import type { AdminContactFormView, ContactFormPage } from '@worq/domain/wire/admin';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { currentExpert } from './decision.ts';
import { findContactForm, listContactForms, markContactFormHandled, type ContactFormFilter } from './repository.ts';
import { toContactFormView } from './views.ts';

export async function contactFormsPage(db: Db, filter: ContactFormFilter): Promise<ContactFormPage> {
  const { rows, total } = await listContactForms(db, filter);
  return { total, items: rows.map(toContactFormView) };
}

export async function markHandled(db: Db, formId: string, expertId: string, now = new Date()): Promise<AdminContactFormView> {
  const expert = await currentExpert(db, expertId);
  await markContactFormHandled(db, formId, expert.id, now);
  const row = await findContactForm(db, formId);
  if (!row) throw new AppError(404, 'contact_form_not_found', { messageKey: 'review_contact_form_not_found' });
  return toContactFormView(row);
}
