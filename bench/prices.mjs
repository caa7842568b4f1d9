// The one price table the cost ledger (bench/cost.mjs) turns counts into dollars with: Cloudflare's
// Workers Paid prices beyond the included amounts, in dollars per unit. Copied from
// ../shared/reference/cloudflare-costs.md, which read them on 2026-11-28 from Cloudflare's
// documentation sources (cloudflare-docs: workers/platform/pricing.mdx,
// partials/durable-objects/durable-objects-pricing.mdx, partials/workers/d1-pricing.mdx,
// r2/pricing.mdx). Prices change: keep the date beside every figure that uses them.
export const PRICES_READ = '2026-11-28';

const perMillion = (dollars) => dollars / 1e6;

export const PRICES = {
  /** workers/platform/pricing.mdx: $0.30 per million requests beyond 10 M/month. */
  workerRequest: { dollars: perMillion(0.3), included: 10e6, source: 'workers/platform/pricing.mdx' },
  /** durable-objects-pricing.mdx: $0.15 per million beyond 1 M/month; incoming socket messages count 20:1. */
  objectRequest: { dollars: perMillion(0.15), included: 1e6, source: 'durable-objects-pricing.mdx' },
  /** durable-objects-pricing.mdx (SQLite storage backend): $0.001 per million rows read beyond 25 billion/month. */
  sqliteRowRead: { dollars: perMillion(0.001), included: 25e9, source: 'durable-objects-pricing.mdx' },
  /** durable-objects-pricing.mdx: $1.00 per million rows written beyond 50 M/month. */
  sqliteRowWritten: { dollars: perMillion(1), included: 50e6, source: 'durable-objects-pricing.mdx' },
  /** d1-pricing.mdx: $0.001 per million rows read beyond 25 billion/month. */
  d1RowRead: { dollars: perMillion(0.001), included: 25e9, source: 'd1-pricing.mdx' },
  /** d1-pricing.mdx: $1.00 per million rows written beyond 50 M/month. */
  d1RowWritten: { dollars: perMillion(1), included: 50e6, source: 'd1-pricing.mdx' },
  /** r2/pricing.mdx: class A (put, list) $4.50 per million beyond 1 M/month. */
  r2ClassA: { dollars: perMillion(4.5), included: 1e6, source: 'r2/pricing.mdx' },
  /** r2/pricing.mdx: class B (get, head) $0.36 per million beyond 10 M/month. */
  r2ClassB: { dollars: perMillion(0.36), included: 10e6, source: 'r2/pricing.mdx' },
};

/** Socket messages a client sends count as one Durable Object request per 20. */
export const SOCKET_MESSAGES_PER_REQUEST = 20;

/** The Workers Paid plan's monthly minimum, which carries the included amounts above. */
export const PAID_PLAN_DOLLARS_PER_MONTH = 5;
