/*
 * Fetches the Roboto files and the PDF builder on the first download only, so neither pdf-lib nor the
 * fonts weigh on the plan page until the seller asks for the file.
 */
import robotoBoldUrl from 'roboto-fontface/fonts/roboto/Roboto-Bold.woff?url';
import robotoRegularUrl from 'roboto-fontface/fonts/roboto/Roboto-Regular.woff?url';
import type { PdfFonts, SamplePlanPdfContent } from './sample-plan-pdf.ts';

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.arrayBuffer();
}

let fonts: Promise<PdfFonts> | null = null;

function loadFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([fetchBytes(robotoRegularUrl), fetchBytes(robotoBoldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

export async function downloadSamplePlan(content: SamplePlanPdfContent, fileName: string): Promise<void> {
  const [{ buildSamplePlanPdf }, loadedFonts] = await Promise.all([import('./sample-plan-pdf.ts'), loadFonts()]);
  const bytes = await buildSamplePlanPdf(content, loadedFonts);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
