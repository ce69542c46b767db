// The order table of bench/insight: one measured seller with three stores and about 200,000 orders,
// and thousands of other sellers (one or two stores each) making up the rest, over the last 13
// months, filled with set-based SQL on a connection of its own. Rows are written as hourly syncs
// write them: in time order, each store's orders of an hour together, every store interleaved, so a
// seller's year is spread over the whole table. The order table's indexes and primary key are
// dropped for the fill and built after it, its store days (marketplace_order_days) computed from it,
// then both are vacuumed and analyzed (what autovacuum does after a bulk insert).
import pg from 'pg';
import { bulkFillOrders, count, generatedOrderStatus, timed, uniform, type Timing } from '../common.ts';

export interface SeedOptions {
  /** Orders in the table. */
  orders: number;
  /** Orders of the measured seller (about: each order is drawn). */
  sellerOrders: number;
  now: Date;
}

export interface Seeded {
  sellerId: string;
  sellerEmail: string;
  /** The measured seller's stores, largest first. */
  sellerStores: { integrationId: string; code: string }[];
  /** Another seller's first store (its import must not recompute the measured seller's offer). */
  other: { customerId: string; integrationId: string };
  sellers: number;
  stores: number;
  sellerOrders: number;
  orders: number;
  timings: Timing[];
}

export const historyDays = 395;
const ordersPerStatement = 500_000;
/** Orders per other seller on average; their shares are skewed towards the first ones. */
const meanOtherOrders = 2_500;
const skew = 1.6;
/** Volume at the end of the 13 months over volume at the start. */
const growth = 1.5;

/** Fills the migrated (and reference-seeded) database at `url`. */
export async function seedOrders(url: string, options: SeedOptions): Promise<Seeded> {
  const { orders: orderCount, sellerOrders, now } = options;
  const otherSellers = Math.max(40, Math.round((orderCount - sellerOrders) / meanOtherOrders));
  const at = now.toISOString();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: Seeded['timings'] = [];
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await timed(timings, `${count(otherSellers + 1)} sellers and their stores`, async () => {
      await client.query(
        `insert into customers (first_name, last_name, email, is_phone_verified, consents, created_at)
         select 'Bench', 'Seller ' || k, 'bench-' || k || '@example.com', true, '{"disclosure":true}'::jsonb, $2::timestamptz - interval '420 days'
         from generate_series(0, $1::int) k`,
        [otherSellers, at],
      );
      // slot 0, 1, 2: the seller's first, second and third store; `since`: days of history it has.
      await client.query(`create temp table bench_stores (k int, slot int, since int, code text, customer_id uuid, integration_id uuid,
        primary key (k, slot))`);
      await client.query(`insert into bench_stores (k, slot, since, code, customer_id)
        select split_part(split_part(c.email, '@', 1), '-', 2)::int, s.slot, s.since, s.code, c.id
        from customers c cross join lateral (values (0, ${historyDays + 1}, 'trendyol'), (1, 300, 'hepsiburada'), (2, 150, 'n11')) s(slot, since, code)
        where c.email like 'bench-%@example.com'
          and (s.slot = 0 or split_part(split_part(c.email, '@', 1), '-', 2) = '0' or (s.slot = 1 and split_part(split_part(c.email, '@', 1), '-', 2)::int % 3 = 0))`);
      await client.query(
        `with made as (
           insert into integrations (customer_id, marketplace_id, store_name, public_fields, connected_at)
           select b.customer_id, m.id, 'Mağaza ' || b.k || '-' || b.slot, '{}'::jsonb, $1::timestamptz - (b.since + 10) * interval '1 day'
           from bench_stores b join marketplaces m on m.code = b.code
           returning id, customer_id, store_name)
         update bench_stores b set integration_id = made.id from made
         where made.customer_id = b.customer_id and made.store_name = 'Mağaza ' || b.k || '-' || b.slot`,
        [at],
      );
      // Every store's import finished within the last hour; the schedule is off in the benchmark.
      await client.query(
        `insert into order_syncs (integration_id, customer_id, state, last_synced_at, oldest_order_at, next_run_at)
         select integration_id, customer_id, 'ok', $1::timestamptz - (k % 60) * interval '1 minute',
           $1::timestamptz - since * interval '1 day', $1::timestamptz + interval '1 day'
         from bench_stores`,
        [at],
      );
    });

    await bulkFillOrders(client, timings, {
      label: `${count(orderCount)} orders`,
      total: orderCount,
      perStatement: ordersPerStatement,
      insert: async (from, to) => {
        // g in time order, volume growing by `growth` over the 13 months, written hour by hour and store
        // by store within the hour (an hourly sync's page); the seller, status, amount,
        // products and store hashed from g. The measured seller (k = 0) gets sellerOrders / orderCount
        // of every day; a store's orders start on its first day (earlier ones go to the first store).
        await client.query(
          `insert into marketplace_orders (integration_id, customer_id, external_id, order_number, ordered_at, order_day, status,
             total_amount, currency, units, lines, first_seen_at, updated_at)
           select b.integration_id, b.customer_id, 'B' || g, 'N' || g, o.t, (o.t at time zone 'Europe/Istanbul')::date,
             ${generatedOrderStatus('o.h', 'o.t', '$3::timestamptz')},
             o.amount, 'TRY', o.units,
             case when o.units > 1 and o.h > 0.5 then jsonb_build_array(
                 jsonb_build_object('sku', 'SKU-' || o.p, 'name', 'Ürün ' || o.p, 'quantity', 1, 'amount', o.amount / 2),
                 jsonb_build_object('sku', 'SKU-' || (o.p + 7) % 60, 'name', 'Ürün ' || (o.p + 7) % 60, 'quantity', o.units - 1, 'amount', o.amount - o.amount / 2))
               else jsonb_build_array(jsonb_build_object('sku', 'SKU-' || o.p, 'name', 'Ürün ' || o.p, 'quantity', o.units, 'amount', o.amount)) end,
             o.t, o.t
           from generate_series($1::bigint, $2::bigint) g
             cross join lateral (select
               least($3::timestamptz - interval '1 minute', $3::timestamptz - interval '${historyDays} days'
                 + (ln(1 + (g::float8 / $4::bigint) * ${growth - 1}) / ln(${growth})) * interval '${historyDays} days'
                 - ${uniform('g', 2)} * interval '1 day') as t,
               case when ${uniform('g', 1)} < $5::float8 then 0 else 1 + floor($6::int * power(${uniform('g', 5)}, ${skew}))::int end as k,
               ${uniform('g', 3)} as h, ${uniform('g', 6)} as s, (hashint8extended(g, 7) & 1023) % 60 as p,
               5000 + (hashint8extended(g, 4) & 2147483647) % 195000 as amount, 1 + (g % 3)::int as units) o
             cross join lateral (select case when o.k = 0 then (case when o.s < 0.55 then 0 when o.s < 0.85 then 1 else 2 end)
               when o.k % 3 = 0 and o.s < 0.35 then 1 else 0 end as wanted) w
             join bench_stores b on b.k = o.k and b.slot = (case
               when w.wanted = 2 and o.t >= $3::timestamptz - interval '150 days' then 2
               when w.wanted >= 1 and o.t >= $3::timestamptz - interval '300 days' then 1 else 0 end)
           order by date_trunc('hour', o.t), b.integration_id`,
          [from, to, at, orderCount, sellerOrders / orderCount, otherSellers],
        );
      },
    });
    // What autovacuum does after a bulk insert, done here so that it does not run during the measures.
    await timed(timings, 'vacuum (analyze)', async () => {
      await client.query('vacuum (analyze) marketplace_orders');
      await client.query('vacuum (analyze) marketplace_order_days');
      await client.query('vacuum (analyze) marketplace_order_product_days');
      await client.query('analyze');
    });

    const stores = (
      await client.query<{ k: number; integration_id: string; customer_id: string; code: string; orders: string }>(
        `select b.k, b.integration_id, b.customer_id, b.code,
           (select count(*) from marketplace_orders o where o.integration_id = b.integration_id) as orders
         from bench_stores b where b.k in (0, 1) order by b.k, b.slot`,
      )
    ).rows;
    const own = stores.filter((row) => row.k === 0).sort((a, b) => Number(b.orders) - Number(a.orders));
    const other = stores.find((row) => row.k === 1)!;
    const totals = (
      await client.query<{ orders: string; stores: string }>(
        'select (select count(*) from marketplace_orders) as orders, (select count(*) from bench_stores) as stores',
      )
    ).rows[0]!;
    return {
      sellerId: own[0]!.customer_id,
      sellerEmail: 'bench-0@example.com',
      sellerStores: own.map((row) => ({ integrationId: row.integration_id, code: row.code })),
      other: { customerId: other.customer_id, integrationId: other.integration_id },
      sellers: otherSellers + 1,
      stores: Number(totals.stores),
      sellerOrders: own.reduce((sum, row) => sum + Number(row.orders), 0),
      orders: Number(totals.orders),
      timings,
    };
  } finally {
    await client.end();
  }
}
