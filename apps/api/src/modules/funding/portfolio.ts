/**
 * The experts' portfolio (API.md "After funding"): every funded application with the figures the
 * watch job last stored, so a page is one indexed read of `funding_watch` whatever the orders'
 * volume (bench/portfolio). Filters, sorting, paging, the CSV, the badge and an application's warnings.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PortfolioPage, PortfolioQueryValues, PortfolioRowView, PortfolioSummaryView, WarningView } from '@worq/domain/wire/funding';
import type { Db } from '../../db/client.ts';

type Query = PortfolioQueryValues;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

function whereOf(query: Query): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.state !== 'all') conditions.push(sql`w.state = ${query.state}`);
  if (query.risk === 'any_warning') conditions.push(sql`jsonb_array_length(w.open_warnings) > 0`);
  else if (query.risk !== 'all') conditions.push(sql`w.open_warnings @> ${JSON.stringify([query.risk])}::jsonb`);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      sql`(c.first_name || ' ' || c.last_name ilike ${pattern} or c.email ilike ${pattern} or coalesce(w.company_title, '') ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

const orderOf: Record<Query['sort'], SQL> = {
  risk: sql`w.risk_score desc, w.approval_day desc, w.application_id`,
  approved_at: sql`w.approval_day desc, w.application_id`,
  remaining: sql`w.remaining_amount desc, w.application_id`,
  sales_4w: sql`w.sales_vs_plan_4w asc nulls last, w.application_id`,
};

const columns = sql`w.application_id, w.customer_id, c.first_name, c.last_name, c.email, w.company_title, a.decided_at,
  w.funded_amount, w.total_payment_amount, w.remaining_amount, w.sales_vs_plan_2w, w.sales_vs_plan_4w,
  w.late_installments, w.connection_health, w.days_since_last_order, w.return_rate, w.return_rate_at_approval,
  w.unverified_stores, w.open_warnings, w.risk_score, w.checked_at`;

function toRow(row: Record<string, unknown>): PortfolioRowView {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    application_id: String(row.application_id),
    customer: { id: String(row.customer_id), name: `${String(row.first_name)} ${String(row.last_name)}`, email: String(row.email) },
    company_title: (row.company_title as string | null) ?? null,
    approved_at: new Date(row.decided_at as string).toISOString(),
    funded_amount: Number(row.funded_amount),
    total_payment_amount: Number(row.total_payment_amount),
    remaining_amount: Number(row.remaining_amount),
    sales_vs_plan_2w: number(row.sales_vs_plan_2w),
    sales_vs_plan_4w: number(row.sales_vs_plan_4w),
    late_installments: Number(row.late_installments),
    connection_health: row.connection_health as PortfolioRowView['connection_health'],
    days_since_last_order: number(row.days_since_last_order),
    return_rate: number(row.return_rate),
    return_rate_at_approval: number(row.return_rate_at_approval),
    unverified_stores: Number(row.unverified_stores),
    warnings: (typeof row.open_warnings === 'string' ? JSON.parse(row.open_warnings) : row.open_warnings) as PortfolioRowView['warnings'],
    risk_score: Number(row.risk_score),
    checked_at: row.checked_at ? new Date(row.checked_at as string).toISOString() : null,
  };
}

export async function portfolioPage(db: Db, query: Query, options: { withTotal?: boolean } = {}): Promise<PortfolioPage> {
  const where = whereOf(query);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${columns}
      from funding_watch w join customers c on c.id = w.customer_id join applications a on a.id = w.application_id
      where ${where}
      order by ${orderOf[query.sort]}
      limit ${query.pagesize} offset ${query.page * query.pagesize}`),
  );
  // The count needs the customers only to search their names.
  const from = query.q?.trim() ? sql`funding_watch w join customers c on c.id = w.customer_id` : sql`funding_watch w`;
  const [counted] =
    options.withTotal === false
      ? []
      : rowsOf<{ total: unknown }>(await db.execute(sql`select count(*) as total from ${from} where ${where}`));
  return { rows: rows.map(toRow), total: Number(counted?.total ?? 0) };
}

/** Every row the filters select (the CSV), in pages so memory stays flat; at most `limit` rows. */
export async function* portfolioRows(db: Db, query: Omit<Query, 'page' | 'pagesize'>, limit = 50_000): AsyncGenerator<PortfolioRowView> {
  const pageSize = 500;
  for (let page = 0; page * pageSize < limit; page++) {
    const { rows } = await portfolioPage(db, { ...query, page, pagesize: pageSize }, { withTotal: false });
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
  }
}

export async function portfolioSummary(db: Db): Promise<PortfolioSummaryView> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(sum(jsonb_array_length(open_warnings)), 0) as open_warnings,
        count(*) filter (where jsonb_array_length(open_warnings) > 0) as applications
      from funding_watch where state = 'active'`),
  );
  return { open_warnings: Number(row?.open_warnings ?? 0), applications_with_warnings: Number(row?.applications ?? 0) };
}

/** An application's warnings: open first, then the newest. */
export async function warningsOf(db: Db, applicationId: string): Promise<WarningView[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id, code, evidence, raised_at, cleared_at from funding_warnings
      where application_id = ${applicationId}
      order by cleared_at is null desc, raised_at desc, id
      limit 200`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code as WarningView['code'],
    raised_at: new Date(row.raised_at as string).toISOString(),
    cleared_at: row.cleared_at ? new Date(row.cleared_at as string).toISOString() : null,
    evidence: (typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence) as Record<string, unknown>,
  }));
}
