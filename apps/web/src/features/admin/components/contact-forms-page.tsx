import {
  contactFormFilters,
  contactFormsPageSize,
  markContactFormHandled,
  useContactForms,
  type ContactForm,
} from '../api/contact-forms.ts';
import { CallbackCard, CallbackListPage } from './callback-list.tsx';
import { ContactFormDetails } from './contact-form-details.tsx';

/** /admin/contact-forms: sellers who asked to be called back, with or without an application. */
export function Component() {
  return (
    <CallbackListPage
      texts="contact_forms"
      filters={contactFormFilters}
      pageSize={contactFormsPageSize}
      useItems={useContactForms}
      renderItem={(form: ContactForm, onHandled) => (
        <CallbackCard texts="contact_forms" idPrefix="form" item={form} markHandled={markContactFormHandled} onHandled={onHandled}>
          <ContactFormDetails form={form} />
        </CallbackCard>
      )}
    />
  );
}
