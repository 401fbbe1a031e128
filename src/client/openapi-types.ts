// Generated from the served /openapi.json by openapi-typescript (npm run client:types).
// Do not edit: test/openapi-file.test.ts fails when this file and the document drift.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
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
        /** The database answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description The database does not answer */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /**
                                 * @description Machine-readable error code
                                 * @enum {string}
                                 */
                                code: "service_unavailable";
                                /** @description Developer-facing message naming the parameter and the rule broken */
                                message: string;
                            };
                        };
                    };
                };
            };
        };
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
    "/api/seller/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products of an authorized brand
         * @description All products of the brand, whatever their status, for a seller or operator token whose account has been granted the brand. An unknown brand and a brand not granted both give 403 forbidden_resource. Ordered by id (byte order), ascending; stable across pages.
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brands: {
                            /** @description Brand identifier */
                            id: string;
                            /** @description Brand name */
                            name: string;
                            /**
                             * @description The brand's own status
                             * @enum {string}
                             */
                            status: "active" | "inactive" | "archived";
                            /** @description Brand description; omitted when there is none */
                            description?: string;
                            /** @description Logo image URL; omitted when there is none */
                            logo_url?: string;
                            /** @description Brand website URL; omitted when there is none */
                            website?: string;
                            /** @description Number of the brand's active products */
                            product_count?: number;
                            /** @description Distinct country/region codes of the active products, in marketplaces table order */
                            amazon_regions?: string[];
                            /** @description Amazon domains of the same marketplaces, in the same order (US → amazon.com) */
                            amazon_marketplaces?: string[];
                            /**
                             * @description This creator's partnership status with the brand; null when no partnership record exists
                             * @enum {string|null}
                             */
                            partnership_status: "approved" | "pending" | "rejected" | "suspended" | null;
                        }[];
                        /** @description Cursor of the next page; null when no more results */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid request or pagination parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_pagination";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_api_token";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "forbidden_resource";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); carries Retry-After, RateLimit and RateLimit-Policy */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    listCreatorReports: {
        parameters: {
            query: {
                /** @description First date, YYYY-MM-DD, inclusive */
                start: string;
                /** @description Last date, YYYY-MM-DD, inclusive; must not be before start */
                end: string;
                /** @description Page size: a whole number from 1 to 500; default 100. Anything else is 400 invalid_pagination (never clamped). It may change from one page to the next. */
                limit?: number;
                /** @description The next_cursor of the previous page, sent exactly as received. Opaque and signed; it is bound to this endpoint, this token owner and every other query parameter except limit. A malformed, altered or foreign cursor is 400 invalid_pagination. */
                cursor?: string;
                /** @description Only rows of this brand. A brand whose Amazon Ads account is not connected gives 403 ads_not_connected */
                brand_id?: string;
                /** @description Only rows of this product */
                product_id?: string;
                /** @description Only rows of this Amazon ASIN */
                asin?: string;
                /** @description Only rows of this attribution link */
                link_id?: string;
                /** @description Only rows of this Amazon country/region code, case-insensitive: US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, AU, IN, AE, SA, SG, TR, EG, ZA */
                marketplace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reports: {
                            /**
                             * Format: date
                             * @description Report date: the marketplace's local calendar day, as Amazon reports it
                             */
                            date: string;
                            brand_id: string;
                            product_id: string;
                            /** @description Amazon ASIN */
                            asin: string;
                            /** @description Amazon country/region code such as US, UK, DE */
                            marketplace: string;
                            /** @description Currency of sales and commission amounts */
                            currency: string;
                            /** @description Sales in minor currency units */
                            sales_cents: number;
                            /** @description Commission in minor currency units */
                            commission_cents: number;
                            /**
                             * @description pending: inside the return window, may still change; approved: locked, will be paid; paid; reversed: cancelled, e.g. by a return
                             * @enum {string}
                             */
                            commission_status: "pending" | "approved" | "paid" | "reversed";
                            orders: number;
                            units_sold: number;
                            clicks: number;
                            detail_page_views: number;
                            add_to_carts: number;
                            /** @description Attribution link */
                            link: {
                                /** @description Attribution link identifier */
                                id: string;
                                /** @description Client-side tracking tag supplied when the link was created; "" when omitted */
                                tracking_id: string;
                                /** @description Shareable attribution short URL */
                                short_url: string;
                                /** @description Amazon landing page URL that the link leads to */
                                destination_url: string;
                            };
                        }[];
                        /** @description Cursor of the next page; null when no more results */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid request or pagination parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_pagination";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_api_token";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "forbidden_resource" | "ads_not_connected";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); carries Retry-After, RateLimit and RateLimit-Policy */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: {
                            /** @description Product identifier */
                            id: string;
                            /** @description Brand identifier */
                            brand_id: string;
                            /** @description Amazon ASIN */
                            asin: string;
                            /** @description Product title */
                            title: string;
                            /**
                             * @description Product status
                             * @enum {string}
                             */
                            status: "active" | "inactive" | "archived";
                            /** @description Commission terms; null when the product has none */
                            commission: {
                                /** @enum {string} */
                                type: "percentage" | "flat";
                                /** @description percentage: the rate as a fraction (rate_bps / 10000, so 0.125 for 12.5 %); flat: 0 */
                                rate: number;
                                /** @description percentage: the rate in basis points (1250 = 12.5 %); flat: 0 */
                                rate_bps: number;
                                /** @description flat: amount paid per unit sold, in minor units of currency_code; percentage: 0 */
                                flat_cents: number;
                                /** @description flat: the amount's currency; percentage: the product's currency, or "" when it has none */
                                currency_code: string;
                            } | null;
                            image_url?: string;
                            detail_page_url?: string;
                            /** @description Amazon marketplace identifier */
                            marketplace_id?: string;
                            /** @description Amazon country/region code */
                            country_code?: string;
                            /** @description Price in minor currency units */
                            price_cents?: number;
                            /** @description Currency of the price */
                            currency?: string;
                        }[];
                        /** @description Cursor of the next page; null when no more results */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid request or pagination parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_pagination";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid API token; carries WWW-Authenticate: Bearer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "invalid_api_token";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The token cannot access the requested role or resource */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "forbidden_resource";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Too many requests for this token (or too many failed authentications from this address); carries Retry-After, RateLimit and RateLimit-Policy */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description Unexpected failure; no detail is given */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Machine-readable error code
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description Developer-facing message naming the parameter and the rule broken */
                            message: string;
                        };
                    };
                };
            };
        };
    };
}
