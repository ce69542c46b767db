/**
 * The portfolio as CSV for the experts' spreadsheets: a header in the request language, every cell
 * quoted where needed and formula-looking text neutralised, amounts in lira with a dot for decimals
 * so that any spreadsheet reads them as numbers. One CSV writer for the project: @worq/domain/csv.
 */
import type { Language } from '@worq/domain/language';
import type { PortfolioRowView } from '@worq/domain/wire/funding';
import { toCsv } from '@worq/domain/csv';

const headers: Record<Language, string[]> = {
  tr: [
    'Başvuru',
    'Satıcı',
    'E-posta',
    'Şirket',
    'Onay tarihi',
    'Finanse edilen (₺)',
    'Toplam ödeme (₺)',
    'Kalan (₺)',
    'Satış / plan, 2 hafta',
    'Satış / plan, 4 hafta',
    'Geciken taksit',
    'Mağaza bağlantısı',
    'Son siparişten beri gün',
    'İade oranı',
    'Onaydaki iade oranı',
    'Doğrulanmamış mağaza',
    'Açık uyarılar',
    'Risk puanı',
  ],
  en: [
    'Application',
    'Seller',
    'E-mail',
    'Company',
    'Approved on',
    'Funded (₺)',
    'Total payment (₺)',
    'Remaining (₺)',
    'Sales / plan, 2 weeks',
    'Sales / plan, 4 weeks',
    'Late installments',
    'Store connection',
    'Days since last order',
    'Return rate',
    'Return rate at approval',
    'Unverified stores',
    'Open warnings',
    'Risk score',
  ],
};

const lira = (kurus: number) => kurus / 100;

export function portfolioCsvHeader(language: Language): string {
  return toCsv([headers[language]], { bom: true });
}

export function portfolioCsvRows(rows: readonly PortfolioRowView[]): string {
  return toCsv(
    rows.map((row) => [
      row.application_id,
      row.customer.name,
      row.customer.email,
      row.company_title,
      row.approved_at.slice(0, 10),
      lira(row.funded_amount),
      lira(row.total_payment_amount),
      lira(row.remaining_amount),
      row.sales_vs_plan_2w,
      row.sales_vs_plan_4w,
      row.late_installments,
      row.connection_health,
      row.days_since_last_order,
      row.return_rate,
      row.return_rate_at_approval,
      row.unverified_stores,
      row.warnings.join(' '),
      row.risk_score,
    ]),
  );
}
