import type { Language } from '@worq/domain/language';

/**
 * What one e-mail says, as plain strings. The layout turns it into both parts of the message, so
 * the text and HTML versions always carry the same content and every value is escaped in one place.
 */
export interface EmailContent {
  subject: string;
  /** Shown by mail clients next to the subject; hidden in the body. */
  preheader: string;
  greeting?: string;
  paragraphs: string[];
  /** A one-time code, set apart so it is easy to read and copy. */
  code?: string;
  /** The main button, e.g. the password reset link. */
  action?: { href: string; label: string };
  /** A quoted block, e.g. the reviewer's reason. */
  quote?: { label: string; text: string };
  /** Small print under the content (why the reader got this message). */
  note?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);

/** Only web links become buttons; anything else (javascript:, data:) would be a trap in an e-mail. */
function safeHref(href: string): string {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '#';
  } catch {
    return '#';
  }
}

const footer: Record<Language, string> = {
  tr: 'Bu e-posta WorqTrade tarafından otomatik olarak gönderildi. Lütfen yanıtlamayın.',
  en: 'This email was sent automatically by WorqTrade. Please do not reply to it.',
};

// The portal's light theme (apps/web/src/styles/tokens.css), written out because mail clients
// ignore CSS variables and <style> blocks.
const colours = {
  page: '#f6f5fb',
  card: '#ffffff',
  border: '#dedee6',
  text: '#1a1a26',
  muted: '#5f5f70',
  primary: '#6d3fd9',
  primarySoft: '#f4f0fe',
  onPrimary: '#ffffff',
};
const font = "'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${colours.text};">${escapeHtml(text)}</p>`;
}

function htmlBody(language: Language, content: EmailContent): string {
  const parts: string[] = [];
  if (content.greeting) parts.push(paragraph(content.greeting));
  parts.push(...content.paragraphs.map(paragraph));
  if (content.code) {
    parts.push(
      `<p style="margin:8px 0 24px;padding:16px;background:${colours.primarySoft};border-radius:8px;text-align:center;` +
        `font-size:32px;line-height:40px;letter-spacing:8px;font-weight:700;font-family:Consolas,Menlo,monospace;color:${colours.primary};">` +
        `${escapeHtml(content.code)}</p>`,
    );
  }
  if (content.quote) {
    parts.push(
      `<p style="margin:0 0 4px;font-size:14px;line-height:20px;font-weight:600;color:${colours.muted};">${escapeHtml(content.quote.label)}</p>` +
        `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${colours.primary};background:${colours.primarySoft};` +
        `font-size:16px;line-height:24px;color:${colours.text};white-space:pre-line;">${escapeHtml(content.quote.text)}</blockquote>`,
    );
  }
  if (content.action) {
    const href = escapeHtml(safeHref(content.action.href));
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
        `<td style="border-radius:8px;background:${colours.primary};">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;line-height:24px;font-weight:600;` +
        `color:${colours.onPrimary};text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${colours.muted};word-break:break-all;">${href}</p>`,
    );
  }
  if (content.note) {
    parts.push(`<p style="margin:16px 0 0;font-size:14px;line-height:20px;color:${colours.muted};">${escapeHtml(content.note)}</p>`);
  }

  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colours.page};font-family:${font};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colours.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 0 16px;font-family:${font};font-size:22px;line-height:28px;font-weight:700;color:${colours.primary};">WorqTrade</td></tr>
<tr><td style="padding:32px 28px;background:${colours.card};border:1px solid ${colours.border};border-radius:12px;font-family:${font};">
${parts.join('\n')}
</td></tr>
<tr><td style="padding:16px 4px 0;font-family:${font};font-size:12px;line-height:18px;color:${colours.muted};">${escapeHtml(footer[language])}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function textBody(language: Language, content: EmailContent): string {
  const blocks: string[] = [];
  if (content.greeting) blocks.push(content.greeting);
  blocks.push(...content.paragraphs);
  if (content.code) blocks.push(`    ${content.code}`);
  if (content.quote) blocks.push(`${content.quote.label}\n${content.quote.text}`);
  if (content.action) blocks.push(`${content.action.label}:\n${safeHref(content.action.href)}`);
  if (content.note) blocks.push(content.note);
  blocks.push(`-- \nWorqTrade\n${footer[language]}`);
  return `${blocks.join('\n\n')}\n`;
}

export function renderEmailContent(language: Language, content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: textBody(language, content), html: htmlBody(language, content) };
}
