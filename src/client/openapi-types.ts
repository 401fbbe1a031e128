// Generated from the served /openapi.json by openapi-typescript (npm run client:types).
// Do not edit: test/api/openapi-file.test.ts fails when this file and the document drift.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is alive
         * @description Liveness: 200 while the process runs, whatever the database and the load. The query string is ignored.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers
         * @description Readiness: 200 while a database answers reads (the primary, or a streaming replica when the primary is down) and the instance is not shutting down; 503 otherwise, so that a load balancer stops routing to it. Lists each database with its state and replica lag. The query string is ignored.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List discoverable brands
         * @description Brands discoverable by the creator token owner: every active, discoverable brand, plus every brand this creator has a partnership record with, whatever the status of either. Ordered by id (byte order), ascending; stable across pages.
         */
        get: operations["listCreatorBrands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List creator report rows
         * @description Report rows of the links this creator owns, one per date, product, link and marketplace, for start..end inclusive. Filters only narrow that set; a value that matches nothing gives an empty page. Ordered by date ascending, then by a unique row key; a walk over the pages sees every row that existed when it started exactly once, even while new rows are imported.
         */
        get: operations["listCreatorReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summarize creator report rows
         * @description The sums of the report rows that GET /api/creator/v1/reports returns with the same start, end and filters, one item per group and currency: money is never added across currencies. Each item equals the sum over its rows, and the items cover each row exactly once. A page is read from one snapshot (a summary of up to 1,000 items is one page). Its cost does not grow with the number of rows: whole months are read from totals kept with the rows.
         */
        get: operations["summarizeCreatorReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/reports/freshness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How fresh and how final the report numbers are
         * @description For each brand and marketplace this creator has report rows with: reported_through, the last date of the creator's rows of them (ingested or imported), and final_through, the last date up to which every such row is settled (approved, paid or reversed) and past Amazon's 28-day restatement window (dates up to today, UTC, minus 29 days; a sandbox world's own date for a test token), never after reported_through, or null when no date with rows is. Ordered by brand_id, then marketplace.
         */
        get: operations["listCreatorReportFreshness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/reports/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the changes of report rows
         * @description Every report row of this creator's links that changed after the cursor — inserted, restated, reversed, approved, paid, or its link corrected — once, in its current state (the object /reports returns), in the order in which rows last changed. Without cursor, from the beginning: a full follow returns every row once. `has_more: false` means caught up as of this answer; keep `next_cursor` and poll again later. A client that applies every item as an upsert keyed by (date, link.id, product_id, marketplace) holds exactly what /reports returns over all dates, whatever writes interleave with its reads. To begin at the present after a full walk of /reports, start from the `Changes-Cursor` header of that walk's first page; `from=now` begins at the present without a walk.
         */
        get: operations["listCreatorReportChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the creator's links
         * @description The attribution links this creator owns, and no others: their ids are the link_id of its report rows. Filters only narrow the set; a value that matches nothing (another creator's brand or product included) gives an empty page. Ordered by id (byte order), ascending; stable across pages.
         */
        get: operations["listCreatorLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the products of a brand, with the commission this creator would earn
         * @description The active products of a brand this creator can see on GET /api/creator/v1/brands (the same rule), each with the commission the creator would earn on a sale today: the creator's own terms where it has creator-specific terms in force, else the product's general terms. An unknown brand and a brand the creator cannot see both give 403 forbidden_resource. Ordered by id (byte order), ascending; stable across pages.
         */
        get: operations["listCreatorProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts
         * @description The payouts made to this creator, newest first, one per payment and currency. Each says what it paid in commission (report rows) and in adjustments (restatements of rows already approved or paid); GET /api/creator/v1/payouts/{payout_id}/lines lists what it covered.
         */
        get: operations["listCreatorPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/payouts/{payout_id}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the lines of a payout
         * @description Every line of one of this creator's payouts, in line order: the commission of each report row it paid (by date, link, product and marketplace), then each adjustment it settled (in the order found). The lines add up to the payout's amounts to the cent. Another creator's payout id and an unknown one both give 404 not_found.
         */
        get: operations["listCreatorPayoutLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List adjustments
         * @description Restatements of this creator's report rows that were already approved or paid, in the order they were found: the row stays as approved or paid, and the difference is settled by the next payout. status=unsettled lists what the next payout will take; status=settled what payouts took (with the payout id).
         */
        get: operations["listCreatorAdjustments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/seller/v1/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the brands granted to the account
         * @description Brands whose products this seller or operator token owner may read with GET /api/seller/v1/products, whatever their status. Ordered by id (byte order), ascending; stable across pages.
         */
        get: operations["listSellerBrands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/seller/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products of an authorized brand
         * @description All products of the brand, whatever their status, for a seller or operator token whose account has been granted the brand (GET /api/seller/v1/brands lists them). An unknown brand and a brand not granted both give 403 forbidden_resource. Ordered by id (byte order), ascending; stable across pages.
         */
        get: operations["listSellerProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/seller/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a brand's report rows, of every creator
         * @description Report rows of every product of the brand, across all creators' links, including brand-halo rows (a link that earned on another product of the brand than the one it points to), one per date, product, link and marketplace, for start..end inclusive. The brand must be granted to the token's account (GET /api/seller/v1/brands); an unknown brand and a brand not granted both give 403 forbidden_resource. Each row names the creator (id and name) and the link's id; a link's tracking id and URLs are the creator's own and are not shown. Filters only narrow the set. Ordered by date ascending, then by a unique row key; a walk over the pages sees every row that existed when it started exactly once, even while new rows are imported.
         */
        get: operations["listSellerReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/seller/v1/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summarize a brand's report rows, of every creator
         * @description The sums of the report rows that GET /api/seller/v1/reports returns with the same brand_id, start, end and filters, one item per group and currency: money is never added across currencies. Each item equals the sum over its rows, and the items cover each row exactly once. group_by takes the dimensions of the creator's summary and creator_id: what each creator sold and earned. The brand must be granted to the token's account; an unknown brand and a brand not granted both give 403 forbidden_resource. A page is read from one snapshot; whole months are read from totals kept with the rows.
         */
        get: operations["summarizeSellerReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description The account this token acts for, the token (its id, name, prefix, dates and scopes; never the token itself) and its rate limit. Any valid token, of any role.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description This account's webhook endpoints, in id order; never their secrets.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description A new endpoint for this account’s events. The answer holds its signing secret, shown this once. The URL must be https:// on a public address (400 invalid_request names the rule broken); an account holds at most 10 endpoints (an operator setting).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints/{endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries of a webhook endpoint
         * @description The delivery log of one of this account’s endpoints, newest first: each event sent or to be sent, with every attempt (when, your status code or the error, how long). An id that is not this account's gives 404 not_found.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One of this account’s endpoints with its state: enabled, or disabled (by you, or after every retry of an event failed) and why. An id that is not this account's gives 404 not_found.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Removes it with its delivery log: nothing more is sent to it, pending deliveries included.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes its url, events, description, or enabled: false stops deliveries (events queue). true, on a disabled endpoint (by its account, the operator or the retry schedule), makes its pending deliveries due at once, each with the whole retry schedule again (an attempt in flight is not sent twice: it counts as the first of the new schedule); failed deliveries stay failed (replay them). true on an enabled endpoint changes nothing. Fields left out stay as they are.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints/{endpoint_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret of a webhook endpoint
         * @description A new secret, shown this once. The previous one keeps signing beside it for overlap_seconds (default 24 hours): each delivery carries both signatures until then, so a receiver can switch without missing one. One previous secret signs at a time: a rotation within the overlap of another stops the secret from before the first at once (after a leak, overlap_seconds 0 stops both).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description Queues a webhook.test event for this endpoint alone (whatever types it takes); its delivery log shows how it went. A disabled endpoint receives it once enabled.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/creator/v1/webhook-endpoints/{endpoint_id}/deliveries/{event_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event of the delivery log again
         * @description Queues the event again for this endpoint, with the same webhook-id and body: deduplicate on webhook-id. The event must be in this endpoint’s delivery log; otherwise 404 not_found.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The test token's sandbox world
         * @description The sandbox world of a test token (csapi_test_…): its id, its date (the clock that advances move), its accounts, and what the next advance will do. Live tokens get 403 forbidden_resource.
         */
        get: operations["getSandbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the sandbox world's clock
         * @description Moves the test token's world 1 to 31 days, one transaction per day, through the real ingestion and settlement: each day the previous day's Amazon reports come in, Amazon restates the days 1, 7 and 28 before it (some up, some down, some orders returned: reversed), pending rows out of the restatement window are approved, restated approved or paid rows get adjustments, and on the first of a month the creator is paid. The changes feed, payouts, adjustments and webhooks see it as in production. One advance per world at a time: another without an Idempotency-Key gets 409 sandbox_busy at once, with Retry-After. A world's clock stops at 2101-01-01 (Amazon reports are ingested through 2100-12-31): an advance that would move it further is 400 invalid_request, naming the most days this world can still move, and moves nothing. Counts against the token's rate limit like any request. With an Idempotency-Key, a retry answers as the first advance did and moves nothing more (an advance that failed part-way records nothing: the world stays at its last whole day, GET /api/v1/sandbox says which). A keyed advance that finds its world advancing (its own first try, still running after a timeout or a reset connection) waits up to 30 s for that advance to end, then answers as the first did if it had the same key, or makes its own advance; still busy then, it is 409 sandbox_busy. A retry answers as soon as its first try has, whatever advance holds the world then; advances waiting with other keys are not taken in the order they arrived.
         */
        post: operations["advanceSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "reports.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Some of the creator’s report rows changed (an import, an ingestion of Amazon reports, an approval or a payout): one event per creator per write
         * @description Signed per Standard Webhooks (docs/webhooks.md). Answer 2xx within 10 s; anything else is retried with backoff for about 3 days, then the endpoint is disabled.
         */
        post: operations["reportsChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payout was made; data is the payout as GET /api/creator/v1/payouts returns it
         * @description Signed per Standard Webhooks (docs/webhooks.md). Answer 2xx within 10 s; anything else is retried with backoff for about 3 days, then the endpoint is disabled.
         */
        post: operations["payoutCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "adjustment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Amazon restated an approved or paid row; data is the adjustment as GET /api/creator/v1/adjustments returns it when the event was first sent
         * @description Signed per Standard Webhooks (docs/webhooks.md). Answer 2xx within 10 s; anything else is retried with backoff for about 3 days, then the endpoint is disabled.
         */
        post: operations["adjustmentCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent by `csapi webhooks test`: checks the endpoint and its signature verification
         * @description Signed per Standard Webhooks (docs/webhooks.md). Answer 2xx within 10 s; anything else is retried with backoff for about 3 days, then the endpoint is disabled.
         */
        post: operations["webhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A restatement of a row already approved or paid: the row stays as it was paid, the difference goes to a payout */
        Adjustment: {
            /** @description Adjustment identifier, adj_… */
            id: string;
            /** @description unsettled: to be paid (or clawed back) by the next payout; settled: a payout took it */
            status: "unsettled" | "settled";
            /**
             * Format: date
             * @description The report row's date
             */
            date: string;
            /** @description The report row's link */
            link_id: string;
            /** @description The report row's product */
            product_id: string;
            /** @description The report row's ASIN */
            asin: string;
            marketplace: components["schemas"]["MarketplaceCode"];
            currency: components["schemas"]["Currency"];
            /** @description The row's status when Amazon restated it */
            commission_status: "approved" | "paid";
            /** @description The row's commission before this restatement: its own, or the previous adjustment's after */
            amount_before_cents: number;
            /** @description The commission as Amazon restated it */
            amount_after_cents: number;
            /** @description amount_after_cents - amount_before_cents: what the adjustment adds to (or takes from) a payout */
            difference_cents: number;
            /**
             * Format: date-time
             * @description When the restatement was ingested
             */
            found_at: string;
            /** @description Settled adjustments: the payout that took it */
            payout_id?: string;
        };
        /** @description Amazon restated an approved or paid row; data is the adjustment as GET /api/creator/v1/adjustments returns it when the event was first sent */
        AdjustmentCreatedEvent: {
            /** @description The event id, also sent as webhook-id: the same on every retry and replay (deduplicate on it) */
            id: string;
            /** @constant */
            type: "adjustment.created";
            /**
             * Format: date-time
             * @description When the write that caused the event committed
             */
            created_at: string;
            data: components["schemas"]["Adjustment"];
        };
        AdjustmentPage: {
            adjustments: components["schemas"]["Adjustment"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description A brand discoverable to the creator */
        Brand: {
            /** @description Brand identifier */
            id: string;
            /** @description Brand name */
            name: string;
            status: components["schemas"]["BrandStatus"];
            /** @description Brand description; omitted when there is none */
            description?: string;
            /** @description Logo image URL; omitted when there is none */
            logo_url?: string;
            /** @description Brand website URL; omitted when there is none */
            website?: string;
            /** @description Number of the brand's active products */
            product_count?: number;
            /** @description Distinct country/region codes of the active products, in marketplace table order */
            amazon_regions?: components["schemas"]["MarketplaceCode"][];
            /** @description Amazon domains of the same marketplaces, in the same order (US → amazon.com) */
            amazon_marketplaces?: components["schemas"]["MarketplaceDomain"][];
            /**
             * @description This creator's partnership status with the brand; null when no partnership record exists
             * @enum {string|null}
             */
            partnership_status: "approved" | "pending" | "rejected" | "suspended" | null;
        };
        BrandPage: {
            brands: components["schemas"]["Brand"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /**
         * @description The brand's own status
         * @enum {string}
         */
        BrandStatus: "active" | "inactive" | "archived";
        /** @description Current general commission terms */
        Commission: {
            type: components["schemas"]["CommissionType"];
            /** @description percentage: the rate as a fraction (rate_bps / 10000, so 0.125 for 12.5 %); flat: 0 */
            rate: number;
            /** @description percentage: the rate in basis points (1250 = 12.5 %); flat: 0 */
            rate_bps: number;
            /** @description flat: amount paid per unit sold, in minor units of currency_code; percentage: 0 */
            flat_cents: number;
            /** @description flat: the amount's currency; percentage: the product's currency, or "" when it has none */
            currency_code: components["schemas"]["Currency"] | "";
        };
        /**
         * @description pending: inside the return window, may still change; approved: locked, will be paid; paid; reversed: cancelled, e.g. by a return
         * @enum {string}
         */
        CommissionStatus: "pending" | "approved" | "paid" | "reversed";
        /**
         * @description percentage or flat
         * @enum {string}
         */
        CommissionType: "percentage" | "flat";
        /** @description A new endpoint */
        CreateWebhookEndpoint: {
            /** @description Where events are POSTed: https:// on a public address (private, loopback, link-local and metadata addresses are refused, here and at every delivery, after DNS resolution) */
            url: string;
            /** @description The event types sent to it; empty: every type */
            events?: components["schemas"]["WebhookEventType"][];
            /** @description Your own label for it; at most 500 characters on one line */
            description?: string;
        };
        /** @description An active product of a brand the creator can see, with the commission it would earn */
        CreatorProduct: {
            /** @description Product identifier */
            id: string;
            /** @description Brand identifier */
            brand_id: string;
            /** @description Amazon ASIN */
            asin: string;
            /** @description Product title */
            title: string;
            /** @description The commission this creator would earn on a sale today: its own terms where it has creator-specific terms in force, else the product's general terms in force, else its base terms; null when the product has none */
            commission: components["schemas"]["Commission"] | null;
            /** @description Product image URL */
            image_url?: string;
            /** @description Amazon product detail page URL */
            detail_page_url?: string;
            /** @description Amazon marketplace identifier, e.g. ATVPDKIKX0DER */
            marketplace_id?: string;
            country_code?: components["schemas"]["MarketplaceCode"];
            /** @description Price in minor currency units */
            price_cents?: number;
            currency?: components["schemas"]["Currency"];
        };
        CreatorProductPage: {
            products: components["schemas"]["CreatorProduct"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /**
         * @description ISO 4217 currency of an Amazon marketplace
         * @enum {string}
         */
        Currency: "USD" | "CAD" | "MXN" | "BRL" | "GBP" | "EUR" | "SEK" | "PLN" | "JPY" | "AUD" | "INR" | "AED" | "SAR" | "SGD" | "TRY" | "EGP" | "ZAR";
        /** @description Every error has this body; act on `code`, show `message` to the developer */
        Error: {
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description Developer-facing message naming the parameter and the rule broken */
                message: string;
            };
        };
        /**
         * @description Machine-readable error code
         * @enum {string}
         */
        ErrorCode: "invalid_request" | "invalid_pagination" | "invalid_api_token" | "forbidden_resource" | "ads_not_connected" | "insufficient_scope" | "not_found" | "method_not_allowed" | "idempotency_conflict" | "sandbox_busy" | "rate_limited" | "internal_error" | "service_unavailable";
        /** @description The check passed */
        Health: {
            /** @constant */
            status: "ok";
        };
        /** @description An attribution link of this creator */
        Link: {
            /** @description Attribution link identifier */
            id: string;
            /** @description Brand identifier */
            brand_id: string;
            /** @description The product the link points to; null for a brand-level link (a storefront) */
            product_id: string | null;
            /** @description The product's Amazon ASIN; omitted for a brand-level link */
            asin?: string;
            /** @description Client-side tracking tag supplied when the link was created; "" when omitted */
            tracking_id: string;
            /** @description Shareable attribution short URL */
            short_url: string;
            /** @description Amazon landing page URL that the link leads to */
            destination_url: string;
            /**
             * Format: date-time
             * @description When the link was created
             */
            created_at: string;
        };
        LinkPage: {
            links: components["schemas"]["Link"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /**
         * @description Amazon country/region code (UK, not GB), from the marketplace table
         * @enum {string}
         */
        MarketplaceCode: "US" | "CA" | "MX" | "BR" | "UK" | "DE" | "FR" | "IT" | "ES" | "NL" | "SE" | "PL" | "BE" | "IE" | "JP" | "AU" | "IN" | "AE" | "SA" | "SG" | "TR" | "EG" | "ZA";
        /**
         * @description Amazon marketplace domain, e.g. amazon.com
         * @enum {string}
         */
        MarketplaceDomain: "amazon.com" | "amazon.ca" | "amazon.com.mx" | "amazon.com.br" | "amazon.co.uk" | "amazon.de" | "amazon.fr" | "amazon.it" | "amazon.es" | "amazon.nl" | "amazon.se" | "amazon.pl" | "amazon.com.be" | "amazon.ie" | "amazon.co.jp" | "amazon.com.au" | "amazon.in" | "amazon.ae" | "amazon.sa" | "amazon.sg" | "amazon.com.tr" | "amazon.eg" | "amazon.co.za";
        /** @description Who the token acts for, and what it may do */
        Me: {
            account: components["schemas"]["MeAccount"];
            token: components["schemas"]["MeToken"];
            /** @description The token’s rate limit; null when this instance applies none */
            rate_limit: components["schemas"]["MeRateLimit"] | null;
        };
        /** @description The account the token belongs to */
        MeAccount: {
            /** @description The account the token acts for */
            id: string;
            /** @description What the token may read: creator, seller or operator endpoints */
            role: "creator" | "seller" | "operator";
            /** @description The account's name */
            name: string;
            /** @description Whether it is a sandbox account (csapi sandbox create): its test tokens (csapi_test_…) see its sandbox world alone (GET /api/v1/sandbox) */
            sandbox: boolean;
        };
        /** @description The token’s rate limit; RateLimit headers say what is left of it */
        MeRateLimit: {
            /** @description Requests the token may make per window */
            limit: number;
            /** @description The window, in seconds */
            window_seconds: number;
        };
        /** @description The token of this request: never its secret or its hash */
        MeToken: {
            /** @description The token’s id, tok_…, as csapi tokens list shows it */
            id: string;
            /** @description The label given when it was issued; may be empty */
            name: string;
            /** @description The token’s first characters, to recognise it by */
            prefix: string;
            /**
             * Format: date-time
             * @description When it was issued
             */
            created_at: string;
            /** @description When it stops working; null: it does not expire */
            expires_at: string | null;
            /** @description What it may do; always holds read */
            scopes: components["schemas"]["Scope"][];
        };
        /** @description One payment to the creator in one currency; its lines say what it covered */
        Payout: {
            /** @description Payout identifier, po_… */
            id: string;
            currency: components["schemas"]["Currency"];
            /** @description What was paid: commission_cents + adjustment_cents, the sum of the lines; positive, or 0 for an imported payout whose rows earned nothing */
            amount_cents: number;
            /** @description The sum of the commission lines (report rows paid) */
            commission_cents: number;
            /** @description The sum of the adjustment lines (restatements settled); may be negative */
            adjustment_cents: number;
            /** @description Number of lines */
            line_count: number;
            /**
             * Format: date
             * @description Report rows dated up to this day were paid (imported: the date of its latest row)
             */
            through: string;
            /**
             * Format: date-time
             * @description When the payout was made; for an imported payout, when it was imported
             */
            created_at: string;
            /** @description pay: made by this service (csapi commissions pay); import: paid before this service, brought in with the rows it covers (csapi import); it has commission lines only */
            source: "pay" | "import";
        };
        /** @description A payout was made; data is the payout as GET /api/creator/v1/payouts returns it */
        PayoutCreatedEvent: {
            /** @description The event id, also sent as webhook-id: the same on every retry and replay (deduplicate on it) */
            id: string;
            /** @constant */
            type: "payout.created";
            /**
             * Format: date-time
             * @description When the write that caused the event committed
             */
            created_at: string;
            data: components["schemas"]["Payout"];
        };
        /** @description What a payout covered: the sum of a payout's lines is its amount */
        PayoutLine: {
            /** @description Position in the payout: commission lines by date, link, product and marketplace, then adjustment lines in the order they were found */
            line_no: number;
            /** @description commission: a report row's commission; adjustment: a restatement's difference */
            type: "commission" | "adjustment";
            /**
             * Format: date
             * @description The report row's date
             */
            date: string;
            /** @description The report row's link */
            link_id: string;
            /** @description The report row's product */
            product_id: string;
            /** @description The report row's ASIN */
            asin: string;
            marketplace: components["schemas"]["MarketplaceCode"];
            /** @description commission: the row's commission_cents; adjustment: amount_after_cents - amount_before_cents */
            amount_cents: number;
            /** @description Adjustment lines: the adjustment (GET /api/creator/v1/adjustments) */
            adjustment_id?: string;
            /** @description Adjustment lines: the row's commission before this restatement */
            amount_before_cents?: number;
            /** @description Adjustment lines: the row's commission as restated */
            amount_after_cents?: number;
            /**
             * Format: date-time
             * @description Adjustment lines: when the restatement was ingested
             */
            found_at?: string;
        };
        PayoutLinePage: {
            lines: components["schemas"]["PayoutLine"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        PayoutPage: {
            payouts: components["schemas"]["Payout"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        Product: {
            /** @description Product identifier */
            id: string;
            /** @description Brand identifier */
            brand_id: string;
            /** @description Amazon ASIN */
            asin: string;
            /** @description Product title */
            title: string;
            status: components["schemas"]["ProductStatus"];
            /** @description Commission terms; null when the product has none */
            commission: components["schemas"]["Commission"] | null;
            /** @description Product image URL */
            image_url?: string;
            /** @description Amazon product detail page URL */
            detail_page_url?: string;
            /** @description Amazon marketplace identifier, e.g. ATVPDKIKX0DER */
            marketplace_id?: string;
            country_code?: components["schemas"]["MarketplaceCode"];
            /** @description Price in minor currency units */
            price_cents?: number;
            currency?: components["schemas"]["Currency"];
        };
        ProductPage: {
            products: components["schemas"]["Product"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /**
         * @description Product status
         * @enum {string}
         */
        ProductStatus: "active" | "inactive" | "archived";
        /** @description Reads can be served: the primary or a replica answers; each database's state */
        Readiness: {
            /** @constant */
            status: "ok";
            databases: {
                /** @description primary, or replica N in the order of DATABASE_REPLICA_URLS */
                name: string;
                role: "primary" | "replica";
                /** @description It answered the check */
                up: boolean;
                /** @description Replicas: replay lag in ms (0 when caught up); null for the primary */
                lag_ms: number | null;
                /** @description Reads go to it: a replica up and within CSAPI_REPLICA_MAX_LAG_MS, or the primary when up */
                serving: boolean;
            }[];
        };
        ReportChangesPage: {
            /** @description The current state of each row that changed after the cursor, in the order of its last change */
            reports: components["schemas"]["ReportRow"][];
            /** @description The position after this page; never null. Keep it and send it as cursor next time: it is valid indefinitely and only ever moves forward */
            next_cursor: string;
            /** @description true: more changes follow now; false: caught up as of this answer (poll again later with next_cursor) */
            has_more: boolean;
        };
        /** @description The creator whose link earned the row */
        ReportCreator: {
            /** @description Creator account identifier */
            id: string;
            /** @description Creator name; "" when none was given */
            name: string;
        };
        /** @description How fresh and how final the numbers of one brand in one marketplace are */
        ReportFreshness: {
            /** @description Brand identifier */
            brand_id: string;
            marketplace: components["schemas"]["MarketplaceCode"];
            /**
             * Format: date
             * @description The last date of this creator's report rows of the brand in the marketplace (ingested or imported)
             */
            reported_through: string;
            /** @description The last date up to which every row of the brand in the marketplace is settled (approved, paid or reversed) and past Amazon's 28-day restatement window, never after reported_through; null when no date with rows is */
            final_through: string | null;
        };
        ReportFreshnessPage: {
            freshness: components["schemas"]["ReportFreshness"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description Attribution link */
        ReportLink: {
            /** @description Attribution link identifier */
            id: string;
            /** @description Client-side tracking tag supplied when the link was created; "" when omitted */
            tracking_id: string;
            /** @description Shareable attribution short URL */
            short_url: string;
            /** @description Amazon landing page URL that the link leads to */
            destination_url: string;
        };
        ReportPage: {
            reports: components["schemas"]["ReportRow"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description One row per date, link, product and marketplace */
        ReportRow: {
            /**
             * Format: date
             * @description Report date: the marketplace's local calendar day, as Amazon reports it
             */
            date: string;
            /** @description Brand identifier */
            brand_id: string;
            /** @description Product identifier */
            product_id: string;
            /** @description Amazon ASIN */
            asin: string;
            marketplace: components["schemas"]["MarketplaceCode"];
            currency: components["schemas"]["Currency"];
            /** @description Sales in minor currency units */
            sales_cents: number;
            /** @description Commission in minor currency units */
            commission_cents: number;
            commission_status: components["schemas"]["CommissionStatus"];
            /** @description Number of orders */
            orders: number;
            /** @description Number of units sold */
            units_sold: number;
            /** @description Number of clicks */
            clicks: number;
            /** @description Number of detail page views */
            detail_page_views: number;
            /** @description Number of add-to-cart events */
            add_to_carts: number;
            link: components["schemas"]["ReportLink"];
        };
        /** @description Some of the creator’s report rows changed (an import, an ingestion of Amazon reports, an approval or a payout): one event per creator per write */
        ReportsChangedEvent: {
            /** @description The event id, also sent as webhook-id: the same on every retry and replay (deduplicate on it) */
            id: string;
            /** @constant */
            type: "reports.changed";
            /**
             * Format: date-time
             * @description When the write that caused the event committed
             */
            created_at: string;
            data: {
                /** @description Report rows of this creator the write changed */
                rows_changed: number;
                /**
                 * Format: date
                 * @description The earliest date among them
                 */
                first_date: string;
                /**
                 * Format: date
                 * @description The latest date among them
                 */
                last_date: string;
                /** @description A cursor of GET /api/creator/v1/reports/changes from just before the write: following the feed from it returns these rows (and any later change) */
                cursor: string;
            };
        };
        /** @description The values of the group_by dimensions, in the order group_by names them; {} without group_by */
        ReportSummaryGroup: {
            /**
             * Format: date
             * @description The rows' date (group_by day), YYYY-MM-DD
             */
            day?: string;
            /**
             * Format: date
             * @description The Monday that starts the ISO week of the rows' date (group_by week), YYYY-MM-DD
             */
            week?: string;
            /** @description The rows' month (group_by month), YYYY-MM */
            month?: string;
            /** @description Brand identifier (group_by brand_id) */
            brand_id?: string;
            /** @description Product identifier (group_by product_id) */
            product_id?: string;
            /** @description Attribution link identifier (group_by link_id) */
            link_id?: string;
            marketplace?: components["schemas"]["MarketplaceCode"];
            commission_status?: components["schemas"]["CommissionStatus"];
        };
        /** @description The sums of the report rows of one group in one currency: exactly the rows /reports returns with the same filters and dates that fall in this group and currency */
        ReportSummaryItem: {
            group: components["schemas"]["ReportSummaryGroup"];
            currency: components["schemas"]["Currency"];
            /** @description Number of report rows in the group */
            rows: number;
            /** @description Sum of the rows' clicks */
            clicks: number;
            /** @description Sum of the rows' detail page views */
            detail_page_views: number;
            /** @description Sum of the rows' add-to-cart events */
            add_to_carts: number;
            /** @description Sum of the rows' orders */
            orders: number;
            /** @description Sum of the rows' units sold */
            units_sold: number;
            /** @description Sum of the rows' sales, in minor units of currency */
            sales_cents: number;
            /** @description Sum of the rows' commission, in minor units of currency */
            commission_cents: number;
        };
        ReportSummaryPage: {
            summary: components["schemas"]["ReportSummaryItem"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description A rotation; the body may be left out */
        RotateWebhookSecret: {
            /**
             * @description How long the previous secret keeps signing beside the new one: 0 to 604800; default 86400
             * @default 86400
             */
            overlap_seconds?: number;
        };
        Sandbox: {
            /** @description The world's id, sbx_… */
            id: string;
            /** @description The name the operator gave it (may be empty) */
            name: string;
            /** @description The seed of its data: the same seed and advances give the same numbers */
            seed: number;
            /**
             * Format: date
             * @description The world's today: its reports are in through the day before
             */
            date: string;
            /**
             * Format: date-time
             * @description When the world was made
             */
            created_at: string;
            accounts: {
                /** @description The world's creator account */
                creator: string;
                /** @description The world's seller account */
                seller: string;
            };
            /** @description What the next day of an advance does; null at 2101-01-01, where the clock stops */
            next_advance: {
                /**
                 * Format: date
                 * @description The world's date after that day
                 */
                date: string;
                /**
                 * Format: date
                 * @description The day whose Amazon reports come in
                 */
                report_date: string;
                restates: string[];
                /**
                 * Format: date
                 * @description Pending rows dated up to this day are approved (out of the restatement window)
                 */
                approves_through: string;
                /** @description The creator is paid (the first day of a month) */
                pays: boolean;
            } | null;
            /** @description When the creator is paid next; null when that day is past 2101-01-01 */
            next_payday: string | null;
            limits: {
                /** @description The most days one advance moves (31) */
                max_days_per_advance: number;
                /** @description The days this world can still move: to 2101-01-01, where its clock stops */
                days_left: number;
                /** @description Brands in the world */
                brands: number;
                /** @description Links of the world's creator */
                links: number;
            };
        };
        SandboxAdvance: {
            /** @description The world's id */
            id: string;
            /**
             * Format: date
             * @description The world's date before the advance
             */
            from: string;
            /**
             * Format: date
             * @description The world's date now
             */
            date: string;
            /** @description Each day, in order */
            days: {
                /**
                 * Format: date
                 * @description The world's date after this day
                 */
                date: string;
                /**
                 * Format: date
                 * @description The day reported
                 */
                report_date: string;
                rows: {
                    /** @description Report rows the day brought */
                    new: number;
                    /** @description Rows Amazon restated (pending rows updated, approved or paid ones adjusted) */
                    restated: number;
                    /** @description Rows reversed: their orders all returned */
                    reversed: number;
                    /** @description Rows approved */
                    approved: number;
                    /** @description Rows paid */
                    paid: number;
                };
                /** @description Adjustments recorded (restatements of approved or paid rows) */
                adjustments: number;
                /** @description Payouts made (on the first day of a month) */
                payouts: {
                    /** @description po_… */
                    id: string;
                    currency: string;
                    amount_cents: number;
                    line_count: number;
                }[];
            }[];
        };
        /** @description What a token may do: read (every token; every GET) or webhooks:write (create, change and remove the account’s webhook endpoints) */
        Scope: "read" | "webhooks:write";
        /** @description A brand granted to the seller or operator account */
        SellerBrand: {
            /** @description Brand identifier */
            id: string;
            /** @description Brand name */
            name: string;
            status: components["schemas"]["BrandStatus"];
            /** @description Number of the brand's active products */
            product_count: number;
        };
        SellerBrandPage: {
            brands: components["schemas"]["SellerBrand"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        SellerReportPage: {
            reports: components["schemas"]["SellerReportRow"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description One row per date, link, product and marketplace, of any creator's link to the brand */
        SellerReportRow: {
            /**
             * Format: date
             * @description Report date: the marketplace's local calendar day, as Amazon reports it
             */
            date: string;
            /** @description Brand identifier */
            brand_id: string;
            /** @description Product identifier */
            product_id: string;
            /** @description Amazon ASIN */
            asin: string;
            marketplace: components["schemas"]["MarketplaceCode"];
            currency: components["schemas"]["Currency"];
            creator: components["schemas"]["ReportCreator"];
            /** @description Attribution link identifier */
            link_id: string;
            /** @description Sales in minor currency units */
            sales_cents: number;
            /** @description Commission in minor currency units */
            commission_cents: number;
            commission_status: components["schemas"]["CommissionStatus"];
            /** @description Number of orders */
            orders: number;
            /** @description Number of units sold */
            units_sold: number;
            /** @description Number of clicks */
            clicks: number;
            /** @description Number of detail page views */
            detail_page_views: number;
            /** @description Number of add-to-cart events */
            add_to_carts: number;
        };
        /** @description The values of the group_by dimensions, in the order group_by names them; {} without group_by */
        SellerReportSummaryGroup: {
            /**
             * Format: date
             * @description The rows' date (group_by day), YYYY-MM-DD
             */
            day?: string;
            /**
             * Format: date
             * @description The Monday that starts the ISO week of the rows' date (group_by week), YYYY-MM-DD
             */
            week?: string;
            /** @description The rows' month (group_by month), YYYY-MM */
            month?: string;
            /** @description Brand identifier (group_by brand_id) */
            brand_id?: string;
            /** @description Product identifier (group_by product_id) */
            product_id?: string;
            /** @description Attribution link identifier (group_by link_id) */
            link_id?: string;
            marketplace?: components["schemas"]["MarketplaceCode"];
            commission_status?: components["schemas"]["CommissionStatus"];
            /** @description Creator account identifier (group_by creator_id) */
            creator_id?: string;
        };
        /** @description The sums of the report rows of one group in one currency: exactly the rows /api/seller/v1/reports returns with the same brand, filters and dates that fall in this group and currency */
        SellerReportSummaryItem: {
            group: components["schemas"]["SellerReportSummaryGroup"];
            currency: components["schemas"]["Currency"];
            /** @description Number of report rows in the group */
            rows: number;
            /** @description Sum of the rows' clicks */
            clicks: number;
            /** @description Sum of the rows' detail page views */
            detail_page_views: number;
            /** @description Sum of the rows' add-to-cart events */
            add_to_carts: number;
            /** @description Sum of the rows' orders */
            orders: number;
            /** @description Sum of the rows' units sold */
            units_sold: number;
            /** @description Sum of the rows' sales, in minor units of currency */
            sales_cents: number;
            /** @description Sum of the rows' commission, in minor units of currency */
            commission_cents: number;
        };
        SellerReportSummaryPage: {
            summary: components["schemas"]["SellerReportSummaryItem"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description What to change; the rest stays */
        UpdateWebhookEndpoint: {
            /** @description Where events are POSTed: https:// on a public address (private, loopback, link-local and metadata addresses are refused, here and at every delivery, after DNS resolution) */
            url?: string;
            /** @description The event types sent to it; empty: every type */
            events?: components["schemas"]["WebhookEventType"][];
            /** @description Your own label for it; at most 500 characters on one line */
            description?: string;
            /** @description false: stop deliveries (events queue); true, if disabled: what queued is due at once, each delivery with the whole retry schedule again */
            enabled?: boolean;
        };
        /** @description One event sent (or to be sent) to the endpoint, with every attempt */
        WebhookDelivery: {
            /** @description The delivery’s number; a replay is a new delivery of the same event */
            id: number;
            /** @description The event, also its webhook-id */
            event_id: string;
            /** @description The event’s type */
            event_type: string;
            /** @description pending: due or being retried; delivered; failed: every retry failed (replay sends it again) */
            status: "pending" | "delivered" | "failed";
            /**
             * Format: date-time
             * @description When it was queued
             */
            created_at: string;
            /** @description Every attempt, oldest first */
            attempts: {
                /** @description 1 for the first attempt of this delivery */
                attempt: number;
                /** @description sending: no outcome yet; succeeded: a 2xx answer; failed: another answer, a timeout or a refused address; interrupted: the sender stopped mid-attempt, so no outcome will come (it is retried) */
                state: "sending" | "succeeded" | "failed" | "interrupted";
                /**
                 * Format: date-time
                 * @description When the attempt began
                 */
                started_at: string;
                /** @description How long it took; null until it has an outcome */
                duration_ms: number | null;
                /** @description Your answer’s status; null without one */
                http_status: number | null;
                /** @description Why it failed; null when it did not */
                error: string | null;
            }[];
        };
        WebhookDeliveryPage: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description A URL that receives the account’s events, signed per Standard Webhooks */
        WebhookEndpoint: {
            /** @description The endpoint id, we_… */
            id: string;
            /** @description Where events are POSTed */
            url: string;
            /** @description The event types sent to it; empty: every type */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Your own label for it (may be empty) */
            description: string;
            /** @description Whether deliveries go out. While disabled, its events queue and go out once it is enabled again */
            enabled: boolean;
            /** @description Present while it is disabled */
            disabled?: {
                /**
                 * Format: date-time
                 * @description When it was disabled
                 */
                at: string;
                /** @description Why: the last failure after the retry schedule, or disabled by you */
                reason: string;
                /** @description retries: every retry of an event failed; account: disabled through the API or by the operator */
                by: "retries" | "account";
            };
            /**
             * Format: date-time
             * @description Present during a rotation: until then the previous secret also signs every delivery
             */
            previous_secret_expires_at?: string;
            /**
             * Format: date-time
             * @description When it was made
             */
            created_at: string;
        };
        WebhookEndpointPage: {
            webhook_endpoints: components["schemas"]["WebhookEndpoint"][];
            /** @description Cursor of the next page; null when no more results */
            next_cursor: string | null;
        };
        /** @description The endpoint and its new signing secret, shown this once */
        WebhookEndpointWithSecret: {
            /** @description The endpoint id, we_… */
            id: string;
            /** @description Where events are POSTed */
            url: string;
            /** @description The event types sent to it; empty: every type */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Your own label for it (may be empty) */
            description: string;
            /** @description Whether deliveries go out. While disabled, its events queue and go out once it is enabled again */
            enabled: boolean;
            /** @description Present while it is disabled */
            disabled?: {
                /**
                 * Format: date-time
                 * @description When it was disabled
                 */
                at: string;
                /** @description Why: the last failure after the retry schedule, or disabled by you */
                reason: string;
                /** @description retries: every retry of an event failed; account: disabled through the API or by the operator */
                by: "retries" | "account";
            };
            /**
             * Format: date-time
             * @description Present during a rotation: until then the previous secret also signs every delivery
             */
            previous_secret_expires_at?: string;
            /**
             * Format: date-time
             * @description When it was made
             */
            created_at: string;
            /** @description The signing secret (whsec_…): shown this once. Verify each delivery with it */
            secret: string;
        };
        /** @description An event queued for the endpoint; its delivery log shows how it went */
        WebhookEventQueued: {
            /** @description The event queued, also its webhook-id */
            event_id: string;
            /** @description The endpoint id, we_… */
            endpoint_id: string;
        };
        /**
         * @description An event type an endpoint can take
         * @enum {string}
         */
        WebhookEventType: "reports.changed" | "payout.created" | "adjustment.created";
        /** @description Sent by `csapi webhooks test`: checks the endpoint and its signature verification */
        WebhookTestEvent: {
            /** @description The event id, also sent as webhook-id: the same on every retry and replay (deduplicate on it) */
            id: string;
            /** @constant */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description When the write that caused the event committed
             */
            created_at: string;
            data: {
                endpoint_id: string;
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type Adjustment = components['schemas']['Adjustment'];
export type AdjustmentCreatedEvent = components['schemas']['AdjustmentCreatedEvent'];
export type AdjustmentPage = components['schemas']['AdjustmentPage'];
export type Brand = components['schemas']['Brand'];
export type BrandPage = components['schemas']['BrandPage'];
export type BrandStatus = components['schemas']['BrandStatus'];
export type Commission = components['schemas']['Commission'];
export type CommissionStatus = components['schemas']['CommissionStatus'];
export type CommissionType = components['schemas']['CommissionType'];
export type CreateWebhookEndpoint = components['schemas']['CreateWebhookEndpoint'];
export type CreatorProduct = components['schemas']['CreatorProduct'];
export type CreatorProductPage = components['schemas']['CreatorProductPage'];
export type Currency = components['schemas']['Currency'];
export type Error = components['schemas']['Error'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type Health = components['schemas']['Health'];
export type Link = components['schemas']['Link'];
export type LinkPage = components['schemas']['LinkPage'];
export type MarketplaceCode = components['schemas']['MarketplaceCode'];
export type MarketplaceDomain = components['schemas']['MarketplaceDomain'];
export type Me = components['schemas']['Me'];
export type MeAccount = components['schemas']['MeAccount'];
export type MeRateLimit = components['schemas']['MeRateLimit'];
export type MeToken = components['schemas']['MeToken'];
export type Payout = components['schemas']['Payout'];
export type PayoutCreatedEvent = components['schemas']['PayoutCreatedEvent'];
export type PayoutLine = components['schemas']['PayoutLine'];
export type PayoutLinePage = components['schemas']['PayoutLinePage'];
export type PayoutPage = components['schemas']['PayoutPage'];
export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];
export type ProductStatus = components['schemas']['ProductStatus'];
export type Readiness = components['schemas']['Readiness'];
export type ReportChangesPage = components['schemas']['ReportChangesPage'];
export type ReportCreator = components['schemas']['ReportCreator'];
export type ReportFreshness = components['schemas']['ReportFreshness'];
export type ReportFreshnessPage = components['schemas']['ReportFreshnessPage'];
export type ReportLink = components['schemas']['ReportLink'];
export type ReportPage = components['schemas']['ReportPage'];
export type ReportRow = components['schemas']['ReportRow'];
export type ReportsChangedEvent = components['schemas']['ReportsChangedEvent'];
export type ReportSummaryGroup = components['schemas']['ReportSummaryGroup'];
export type ReportSummaryItem = components['schemas']['ReportSummaryItem'];
export type ReportSummaryPage = components['schemas']['ReportSummaryPage'];
export type RotateWebhookSecret = components['schemas']['RotateWebhookSecret'];
export type Sandbox = components['schemas']['Sandbox'];
export type SandboxAdvance = components['schemas']['SandboxAdvance'];
export type Scope = components['schemas']['Scope'];
export type SellerBrand = components['schemas']['SellerBrand'];
export type SellerBrandPage = components['schemas']['SellerBrandPage'];
export type SellerReportPage = components['schemas']['SellerReportPage'];
export type SellerReportRow = components['schemas']['SellerReportRow'];
export type SellerReportSummaryGroup = components['schemas']['SellerReportSummaryGroup'];
export type SellerReportSummaryItem = components['schemas']['SellerReportSummaryItem'];
export type SellerReportSummaryPage = components['schemas']['SellerReportSummaryPage'];
export type UpdateWebhookEndpoint = components['schemas']['UpdateWebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryPage = components['schemas']['WebhookDeliveryPage'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointPage = components['schemas']['WebhookEndpointPage'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
export type WebhookEventQueued = components['schemas']['WebhookEventQueued'];
export type WebhookEventType = components['schemas']['WebhookEventType'];
export type WebhookTestEvent = components['schemas']['WebhookTestEvent'];
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance is ready to serve */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The database does not answer, or the instance is shutting down */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorBrands: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of brands */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorReports: {
        parameters: {
            query: {
                /** @description First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31 */
                start: string;
                /** @description Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start */
                end: string;
                /** @description Only rows of this brand. A brand visible to this creator whose Amazon Ads account is not connected, and of which this creator has no report rows, gives 403 ads_not_connected; a brand disconnected after rows were reported keeps them readable */
                brand_id?: string;
                /** @description Only rows of this product */
                product_id?: string;
                /** @description Only rows of this Amazon ASIN */
                asin?: string;
                /** @description Only rows of this attribution link */
                link_id?: string;
                /** @description Only rows of this Amazon country/region code, case-insensitive: US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA */
                marketplace?: string;
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of report rows */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description First page of a walk only (no cursor sent): the cursor of GET /api/creator/v1/reports/changes at this page's snapshot. Follow the feed from it after the walk: every change committed after the walk began reaches you */
                    "Changes-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    summarizeCreatorReports: {
        parameters: {
            query: {
                /** @description First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31 */
                start: string;
                /** @description Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start */
                end: string;
                /** @description Only rows of this brand. A brand visible to this creator whose Amazon Ads account is not connected, and of which this creator has no report rows, gives 403 ads_not_connected; a brand disconnected after rows were reported keeps them readable */
                brand_id?: string;
                /** @description Only rows of this product */
                product_id?: string;
                /** @description Only rows of this Amazon ASIN */
                asin?: string;
                /** @description Only rows of this attribution link */
                link_id?: string;
                /** @description Only rows of this Amazon country/region code, case-insensitive: US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA */
                marketplace?: string;
                /** @description Comma-separated, at most 3 distinct of: day, week, month, brand_id, product_id, link_id, marketplace, commission_status; at most one of day, week, month. One item per group and currency, ordered by the group values in this order, then currency. Without it, one item per currency */
                group_by?: string;
                /** @description Page size: a whole number from 1 to 1000; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summary items */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSummaryPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorReportFreshness: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 1000; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of brands and marketplaces */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportFreshnessPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorReportChanges: {
        parameters: {
            query?: {
                /** @description Begin at the present: an empty page whose next_cursor skips every change made so far. Not with cursor */
                from?: "now";
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changed report rows */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportChangesPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorLinks: {
        parameters: {
            query?: {
                /** @description Only links of this brand */
                brand_id?: string;
                /** @description Only links to this product */
                product_id?: string;
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorProducts: {
        parameters: {
            query: {
                /** @description Brand whose products are listed; it must be on this creator’s brands list */
                brand_id: string;
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorProductPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorPayouts: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorPayoutLines: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description A payout id, po_… */
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payout lines */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutLinePage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreatorAdjustments: {
        parameters: {
            query?: {
                /** @description Only unsettled or only settled adjustments */
                status?: "unsettled" | "settled";
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of adjustments */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdjustmentPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSellerBrands: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of granted brands */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerBrandPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSellerProducts: {
        parameters: {
            query: {
                /** @description Brand whose products are listed; it must be granted to the token owner */
                brand_id: string;
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSellerReports: {
        parameters: {
            query: {
                /** @description Brand whose report rows are listed; it must be granted to the token owner */
                brand_id: string;
                /** @description First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31 */
                start: string;
                /** @description Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start */
                end: string;
                /** @description Only rows of this product */
                product_id?: string;
                /** @description Only rows of this Amazon ASIN */
                asin?: string;
                /** @description Only rows of this creator's links */
                creator_id?: string;
                /** @description Only rows of this Amazon country/region code, case-insensitive: US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA */
                marketplace?: string;
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the brand's report rows */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerReportPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    summarizeSellerReports: {
        parameters: {
            query: {
                /** @description Brand whose report rows are listed; it must be granted to the token owner */
                brand_id: string;
                /** @description First date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31 */
                start: string;
                /** @description Last date, YYYY-MM-DD, inclusive, from 0001-01-01 to 9999-12-31; must not be before start */
                end: string;
                /** @description Only rows of this product */
                product_id?: string;
                /** @description Only rows of this Amazon ASIN */
                asin?: string;
                /** @description Only rows of this creator's links */
                creator_id?: string;
                /** @description Only rows of this Amazon country/region code, case-insensitive: US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA */
                marketplace?: string;
                /** @description Comma-separated, at most 3 distinct of: day, week, month, brand_id, product_id, link_id, marketplace, commission_status, creator_id; at most one of day, week, month. One item per group and currency, ordered by the group values in this order, then currency. Without it, one item per currency */
                group_by?: string;
                /** @description Page size: a whole number from 1 to 1000; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summary items of the brand's report rows */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerReportSummaryPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token and its account */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Invalid request parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 100; default 10. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook endpoints */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A new endpoint */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint and its secret (shown once) */
            201: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size: a whole number from 1 to 100; default 25. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid request parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        /** @description What to change; the rest stays */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint as changed */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        /** @description A rotation; the body may be left out */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The endpoint and its new secret (shown once) */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
            };
            cookie?: never;
        };
        /** @description No fields */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The event queued */
            202: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventQueued"];
                };
            };
            /** @description Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An endpoint id, we_… */
                endpoint_id: string;
                /** @description An event id of its delivery log, evt_… */
                event_id: string;
            };
            cookie?: never;
        };
        /** @description No fields */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The event queued again */
            202: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventQueued"];
                };
            };
            /** @description Invalid body (not JSON, an unknown field, a wrong type, over 64 KB, a rule broken) or parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource for this token */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used in the last 24 hours with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The world */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sandbox"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The world was deleted */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceSandbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID) that makes retrying this write safe: within 24 hours the same key and body answer as the first request did and change nothing more; the same key with another request is 409 idempotency_conflict */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Days to move the clock, 1 to 31, and not past 2101-01-01, where a world's clock stops */
                    days: number;
                };
            };
        };
        responses: {
            /** @description What happened, day by day */
            200: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Sent when this answer repeats the first answer to its Idempotency-Key; nothing was done again */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxAdvance"];
                };
            };
            /** @description Invalid request or pagination parameters (also: a URL longer than 4,096 characters, or one that cannot be decoded) */
            400: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The world was deleted */
            404: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The world is advancing already, or the Idempotency-Key was used with another request */
            409: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description With sandbox_busy: seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description IETF RateLimit field of the bucket with fewer requests left, the token's ("default") or its account's ("account"), e.g. "default";r=42;t=6: 42 requests left, full again in 6 s */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field, e.g. "default";q=600;w=60: 600 requests per 60 s */
                    "RateLimit-Policy"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request headers are larger than the server accepts (16 KB by default) */
            431: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable or the instance is overloaded; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description The request id: the client's own X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a generated one. Quote it when reporting a problem */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportsChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (evt_…) */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed; refuse one more than 5 minutes off */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret of the endpoint (two while a rotated secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportsChangedEvent"];
            };
        };
        responses: {
            /** @description Received; any other answer is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    payoutCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (evt_…) */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed; refuse one more than 5 minutes off */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret of the endpoint (two while a rotated secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; any other answer is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    adjustmentCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (evt_…) */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed; refuse one more than 5 minutes off */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret of the endpoint (two while a rotated secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdjustmentCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; any other answer is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (evt_…) */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed; refuse one more than 5 minutes off */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret of the endpoint (two while a rotated secret overlaps) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received; any other answer is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
