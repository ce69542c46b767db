/*
 * The downloadable sample plan (§2) as a PDF. Pure: the caller passes the texts (already in the
 * seller's language, amounts already formatted) and the Roboto font files, so this runs the same in
 * the browser and in tests. Loaded only with import() when the seller asks for the file.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface SamplePlanPdfContent {
  language: string;
  title: string;
  preparedOn: string;
  sections: { heading: string; rows: [label: string, value: string][] }[];
  schedule: {
    heading: string;
    /** Which sales estimate every installment comes from, printed under the heading. */
    salesSource: string;
    columns: [string, string];
    rows: [string, string][];
    total: [string, string];
  };
  disclaimer: string;
}

export interface PdfFonts {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

const pageSize: [number, number] = [595.28, 841.89]; // A4 in points
const margin = 56;
const ink = rgb(0.1, 0.1, 0.15);
const muted = rgb(0.37, 0.37, 0.44);
const brand = rgb(0.43, 0.25, 0.85);
const rule = rgb(0.87, 0.87, 0.9);

/** Breaks `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function buildSamplePlanPdf(content: SamplePlanPdfContent, fonts: PdfFonts): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const regular = await document.embedFont(fonts.regular, { subset: true });
  const bold = await document.embedFont(fonts.bold, { subset: true });
  document.setTitle(content.title);
  document.setLanguage(content.language);
  document.setCreator('WorqTrade');
  document.setProducer('WorqTrade');

  const [pageWidth, pageHeight] = pageSize;
  const contentWidth = pageWidth - margin * 2;
  let page: PDFPage = document.addPage(pageSize);
  let y = pageHeight - margin;

  function ensureSpace(height: number) {
    if (y - height >= margin) return;
    page = document.addPage(pageSize);
    y = pageHeight - margin;
  }

  function text(value: string, options: { x?: number; size: number; font: PDFFont; color?: ReturnType<typeof rgb> }) {
    page.drawText(value, { x: options.x ?? margin, y, size: options.size, font: options.font, color: options.color ?? ink });
  }

  function rightText(value: string, right: number, size: number, font: PDFFont) {
    text(value, { x: right - font.widthOfTextAtSize(value, size), size, font });
  }

  function horizontalRule() {
    page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.75, color: rule });
  }

  function heading(value: string) {
    ensureSpace(40);
    y -= 22;
    text(value, { size: 13, font: bold, color: brand });
    y -= 8;
    horizontalRule();
  }

  function row(label: string, value: string, font: PDFFont = regular) {
    ensureSpace(20);
    y -= 18;
    text(label, { size: 10.5, font: regular, color: muted });
    rightText(value, pageWidth - margin, 10.5, font);
  }

  for (const line of wrap(content.title, bold, 18, contentWidth)) {
    y -= 22;
    text(line, { size: 18, font: bold });
  }
  y -= 18;
  text(content.preparedOn, { size: 10, font: regular, color: muted });

  for (const section of content.sections) {
    heading(section.heading);
    for (const [label, value] of section.rows) row(label, value);
    y -= 4;
  }

  heading(content.schedule.heading);
  for (const line of wrap(content.schedule.salesSource, regular, 10, contentWidth)) {
    ensureSpace(16);
    y -= 15;
    text(line, { size: 10, font: regular, color: muted });
  }
  ensureSpace(20);
  y -= 18;
  text(content.schedule.columns[0], { size: 10, font: bold, color: muted });
  rightText(content.schedule.columns[1], pageWidth - margin, 10, bold);
  for (const [week, amount] of content.schedule.rows) row(week, amount);
  y -= 8;
  horizontalRule();
  row(content.schedule.total[0], content.schedule.total[1], bold);

  y -= 16;
  const disclaimerLines = wrap(content.disclaimer, regular, 9, contentWidth);
  ensureSpace(disclaimerLines.length * 13 + 12);
  for (const line of disclaimerLines) {
    y -= 13;
    text(line, { size: 9, font: regular, color: muted });
  }

  return document.save();
}
