CREATE TABLE "marketplace_order_days" (
	"integration_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	"returned_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_order_days_integration_id_order_day_currency_pk" PRIMARY KEY("integration_id","order_day","currency")
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_product_days" (
	"integration_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_day" date NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "marketplace_order_product_days_integration_id_order_day_sku_pk" PRIMARY KEY("integration_id","order_day","sku")
);
--> statement-breakpoint
ALTER TABLE "marketplace_order_days" ADD CONSTRAINT "marketplace_order_days_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_days" ADD CONSTRAINT "marketplace_order_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_product_days" ADD CONSTRAINT "marketplace_order_product_days_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_product_days" ADD CONSTRAINT "marketplace_order_product_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_order_days_customer_day_idx" ON "marketplace_order_days" USING btree ("customer_id","order_day");--> statement-breakpoint
CREATE INDEX "marketplace_order_product_days_customer_day_idx" ON "marketplace_order_product_days" USING btree ("customer_id","order_day");--> statement-breakpoint
-- Kept by the order table's statement triggers (schema.ts marketplaceOrderDays and
-- marketplaceOrderProductDays): the rows a statement took away (old_orders of an update or delete)
-- are subtracted from their days, those it wrote (new_orders of an insert or update) added. Taking
-- away only updates: every stored order has its days' rows, and when the store itself is being
-- deleted its days are gone by the same cascade. Lines count only in counted TRY orders, as the
-- best-selling products always did.
CREATE FUNCTION "marketplace_order_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE marketplace_order_days d SET
			orders = d.orders - o.orders, revenue = d.revenue - o.revenue, units = d.units - o.units,
			cancelled_orders = d.cancelled_orders - o.cancelled_orders, returned_orders = d.returned_orders - o.returned_orders
		FROM (
			SELECT integration_id, order_day, currency,
				count(*) FILTER (WHERE status NOT IN ('cancelled', 'returned')) AS orders,
				coalesce(sum(total_amount) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0) AS revenue,
				coalesce(sum(units) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0) AS units,
				count(*) FILTER (WHERE status = 'cancelled') AS cancelled_orders,
				count(*) FILTER (WHERE status = 'returned') AS returned_orders
			FROM old_orders GROUP BY integration_id, order_day, currency
		) o
		WHERE d.integration_id = o.integration_id AND d.order_day = o.order_day AND d.currency = o.currency;
		UPDATE marketplace_order_product_days d SET lines = d.lines - o.lines, units = d.units - o.units, revenue = d.revenue - o.revenue
		FROM (
			SELECT r.integration_id, r.order_day, coalesce(l->>'sku', '') AS sku, count(*) AS lines,
				coalesce(sum((l->>'quantity')::numeric), 0) AS units, coalesce(sum((l->>'amount')::numeric), 0) AS revenue
			FROM old_orders r CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
			WHERE r.currency = 'TRY' AND r.status NOT IN ('cancelled', 'returned')
			GROUP BY r.integration_id, r.order_day, coalesce(l->>'sku', '')
		) o
		WHERE d.integration_id = o.integration_id AND d.order_day = o.order_day AND d.sku = o.sku;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO marketplace_order_days AS d
			(integration_id, customer_id, order_day, currency, orders, revenue, units, cancelled_orders, returned_orders)
		SELECT integration_id, customer_id, order_day, currency,
			count(*) FILTER (WHERE status NOT IN ('cancelled', 'returned')),
			coalesce(sum(total_amount) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0),
			coalesce(sum(units) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0),
			count(*) FILTER (WHERE status = 'cancelled'),
			count(*) FILTER (WHERE status = 'returned')
		FROM new_orders GROUP BY integration_id, customer_id, order_day, currency
		ON CONFLICT (integration_id, order_day, currency) DO UPDATE SET
			orders = d.orders + excluded.orders, revenue = d.revenue + excluded.revenue, units = d.units + excluded.units,
			cancelled_orders = d.cancelled_orders + excluded.cancelled_orders, returned_orders = d.returned_orders + excluded.returned_orders;
		INSERT INTO marketplace_order_product_days AS d (integration_id, customer_id, order_day, sku, name, lines, units, revenue)
		SELECT r.integration_id, r.customer_id, r.order_day, coalesce(l->>'sku', ''), coalesce(max(l->>'name'), coalesce(l->>'sku', '')), count(*),
			coalesce(sum((l->>'quantity')::numeric), 0), coalesce(sum((l->>'amount')::numeric), 0)
		FROM new_orders r CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
		WHERE r.currency = 'TRY' AND r.status NOT IN ('cancelled', 'returned')
		GROUP BY r.integration_id, r.customer_id, r.order_day, coalesce(l->>'sku', '')
		ON CONFLICT (integration_id, order_day, sku) DO UPDATE SET
			name = greatest(d.name, excluded.name), lines = d.lines + excluded.lines, units = d.units + excluded.units,
			revenue = d.revenue + excluded.revenue;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The days computed again from the orders: for a bulk load that bypassed the triggers, and for the rows already stored.
-- Written day by day, each store's rows together (a seller's month is then a few hundred pages, not a page a row).
CREATE FUNCTION "marketplace_order_days_rebuild"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM marketplace_order_days;
	DELETE FROM marketplace_order_product_days;
	INSERT INTO marketplace_order_days
		(integration_id, customer_id, order_day, currency, orders, revenue, units, cancelled_orders, returned_orders)
	SELECT integration_id, customer_id, order_day, currency,
		count(*) FILTER (WHERE status NOT IN ('cancelled', 'returned')),
		coalesce(sum(total_amount) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0),
		coalesce(sum(units) FILTER (WHERE status NOT IN ('cancelled', 'returned')), 0),
		count(*) FILTER (WHERE status = 'cancelled'),
		count(*) FILTER (WHERE status = 'returned')
	FROM marketplace_orders GROUP BY integration_id, customer_id, order_day, currency
	ORDER BY order_day, integration_id;
	INSERT INTO marketplace_order_product_days (integration_id, customer_id, order_day, sku, name, lines, units, revenue)
	SELECT r.integration_id, r.customer_id, r.order_day, coalesce(l->>'sku', ''), coalesce(max(l->>'name'), coalesce(l->>'sku', '')), count(*),
		coalesce(sum((l->>'quantity')::numeric), 0), coalesce(sum((l->>'amount')::numeric), 0)
	FROM marketplace_orders r CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
	WHERE r.currency = 'TRY' AND r.status NOT IN ('cancelled', 'returned')
	GROUP BY r.integration_id, r.customer_id, r.order_day, coalesce(l->>'sku', '')
	ORDER BY r.order_day, r.integration_id;
$$;--> statement-breakpoint
CREATE TRIGGER "marketplace_order_days_insert" AFTER INSERT ON "marketplace_orders"
	REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_days_apply"();--> statement-breakpoint
CREATE TRIGGER "marketplace_order_days_update" AFTER UPDATE ON "marketplace_orders"
	REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_days_apply"();--> statement-breakpoint
CREATE TRIGGER "marketplace_order_days_delete" AFTER DELETE ON "marketplace_orders"
	REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_days_apply"();--> statement-breakpoint
SELECT "marketplace_order_days_rebuild"();
