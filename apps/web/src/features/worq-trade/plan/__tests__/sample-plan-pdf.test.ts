import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { calculatePlan } from '@worq/domain/plan';
import tr from '../../../../locales/tr/worq-trade.json';
import en from '../../../../locales/en/worq-trade.json';
import { Translator } from '../../../../lib/translator.ts';
import { samplePlanContent } from '../pdf/sample-plan-content.ts';
import { buildSamplePlanPdf } from '../pdf/sample-plan-pdf.ts';
import type { PlanFormValues } from '../plan-model.ts';

const require = createRequire(import.meta.url);
// A copy made here: a Node Buffer is not the test page's Uint8Array, which pdf-lib checks for.
const fontFile = (name: string) => Uint8Array.from(readFileSync(require.resolve(`roboto-fontface/fonts/roboto/${name}`)));
const fonts = { regular: fontFile('Roboto-Regular.woff'), bold: fontFile('Roboto-Bold.woff') };

const values: PlanFormValues = {
  averageMonthlyTurnover: 250_000_00,
  estimatedStockPurchase: 200_000_00,
  estimatedSalesTurnover: 300_000_00,
  durationWeeks: 6,
  paymentStartWeek: 2,
};

function translator(language: 'tr' | 'en') {
  const texts = new Translator('tr', 'worq-trade');
  texts.addBundle('tr', 'worq-trade', tr);
  texts.addBundle('en', 'worq-trade', en);
  return texts.fixedT(language, ['worq-trade']);
}

// Embedding a font subset takes a few seconds on the shared test machine.
vi.setConfig({ testTimeout: 30_000 });

describe('sample plan PDF', () => {
  it('builds a PDF with the Turkish title, letters and the seller’s schedule', async () => {
    const t = translator('tr');
    const content = samplePlanContent(t, 'tr', values, calculatePlan(values), 'own', new Date('2026-03-14T10:00:00Z'));
    expect(content.sections[0]?.rows[0]).toEqual(['Ortalama aylık pazaryeri cirosu', '₺250.000,00']);
    expect(content.schedule.rows).toHaveLength(6);
    expect(content.schedule.rows[0]?.[0]).toBe('2. hafta');
    expect(content.schedule.total[1]).toBe('₺224.000,00');
    expect(content.disclaimer).toMatch(/bilgilendirme amaçlı/);

    const bytes = await buildSamplePlanPdf(content, fonts);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getTitle()).toBe('WorqTrade örnek gelir paylaşım planı');
    expect(parsed.getPageCount()).toBe(1);
    // Roboto is embedded (as a subset), so ş, ğ, ı, İ and ₺ print as themselves.
    const baseFonts = parsed.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont')) : undefined))
      .filter((name) => name !== undefined)
      .map(String);
    expect(baseFonts.some((name) => /Roboto-Regular/.test(name))).toBe(true);
    expect(baseFonts.some((name) => /Roboto-Bold/.test(name))).toBe(true);
  });

  it('writes the English plan with English ordinals and texts', async () => {
    const t = translator('en');
    const content = samplePlanContent(t, 'en', values, calculatePlan(values), 'forecast_slow', new Date('2026-03-14T10:00:00Z'));
    expect(content.title).toBe('WorqTrade sample revenue sharing plan');
    expect(content.sections[0]?.rows[4]).toEqual(['Payment start week', '2nd week']);
    expect(content.schedule.rows[5]?.[0]).toBe('Week 7');
    expect(content.schedule.salesSource).toBe('Sales estimate used (forecast: slow)');
    const bytes = await buildSamplePlanPdf(content, fonts);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('names the sales scenario of the installments under the schedule heading, as the plan screen does', () => {
    const plan = calculatePlan(values);
    const at = new Date('2026-03-14T10:00:00Z');
    expect(samplePlanContent(translator('tr'), 'tr', values, plan, 'forecast_expected', at).schedule.salesSource).toBe(
      'Kullanılan satış tahmini (tahmin: beklenen)',
    );
    expect(samplePlanContent(translator('tr'), 'tr', values, plan, 'own', at).schedule.salesSource).toBe(
      'Kullanılan satış tahmini (kendi tahmininiz)',
    );
    expect(samplePlanContent(translator('en'), 'en', values, plan, 'forecast_fast', at).schedule.salesSource).toBe(
      'Sales estimate used (forecast: fast)',
    );
    expect(samplePlanContent(translator('en'), 'en', values, plan, 'own', at).schedule.salesSource).toBe(
      'Sales estimate used (your own estimate)',
    );
  });

  it('continues on a new page when the content is longer than one page', async () => {
    const t = translator('tr');
    const content = samplePlanContent(t, 'tr', values, calculatePlan(values), 'own', new Date());
    content.schedule.rows = Array.from({ length: 60 }, (_, index) => [`${index + 1}. hafta`, '₺1,00']);
    const parsed = await PDFDocument.load(await buildSamplePlanPdf(content, fonts));
    expect(parsed.getPageCount()).toBeGreaterThan(1);
  });
});
