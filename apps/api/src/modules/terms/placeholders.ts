/**
 * The legal texts name the data controller and where to write to it through two placeholders, so
 * a text's version does not change with a deployment's company details (config LEGAL_ENTITY_*).
 */
export interface LegalEntity {
  name: string;
  /** Postal address and e-mail in one phrase, as the texts use it after "Contact:" / "İletişim:". */
  contact: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);

export function fillPlaceholders(html: string, entity: LegalEntity): string {
  return html.replaceAll('{{controller}}', escapeHtml(entity.name)).replaceAll('{{controller_contact}}', escapeHtml(entity.contact));
}
