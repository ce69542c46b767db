import sanitizeHtml from 'sanitize-html';

/**
 * The markup a legal text may carry: headings, paragraphs, lists, emphasis and links to https or
 * mailto addresses. An expert pastes the text from a document editor; anything else (scripts,
 * styles, event handlers, images, iframes) is dropped before it is stored, and the web sanitizes
 * again before display.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  // rel and target are always the transform's own values, whatever the pasted link said.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, policy).trim();
}

/** The words a reader would see, to refuse a text that is empty once its markup is gone. */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
