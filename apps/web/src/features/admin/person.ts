import { formatPhone } from '@worq/domain/validation';

/** `+90 XXX XXX XXXX`, or a dash when the seller has no number yet (a Google sign-up). */
export function formatPhoneNumber(phone: string | null | undefined): string {
  return phone ? formatPhone(phone) : '—';
}

export function fullName(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  if (!person) return '';
  return `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim();
}
