import { dayIn } from '../src/modules/statistics/rollups';

// A direct aggregation of behaviour events into the rows of each statistics rollup, written apart from the server's
// SQL (../src/modules/statistics/rollups.ts) so the property test has something independent to compare the stored
// rollups with.

/** What the rollups read of a stored event. */
export type RollupEvent = {
  type: string;
  occurredAt: string | Date;
  userId?: number | null;
  companyId?: number | null;
  productId?: number | null;
  keyword?: string | null;
  resultsCount?: number | null;
  lang?: string | null;
  duration?: number | null;
};

const COUNT_KEYS = [
  'pageViews',
  'productViews',
  'duration',
  'collects',
  'uncollects',
  'shares',
  'downloads',
  'priceRequests',
  'contactExchanges',
] as const;
type CountKey = (typeof COUNT_KEYS)[number];
type Counts = Record<CountKey, number>;

const zero = (): Counts => ({
  pageViews: 0,
  productViews: 0,
  duration: 0,
  collects: 0,
  uncollects: 0,
  shares: 0,
  downloads: 0,
  priceRequests: 0,
  contactExchanges: 0,
});

/** Which count an event type moves (besides the duration of page views). */
const COUNTED: Record<string, CountKey> = {
  view_company: 'pageViews',
  view_product: 'productViews',
  collect: 'collects',
  uncollect: 'uncollects',
  share: 'shares',
  download: 'downloads',
  request_price: 'priceRequests',
  exchange_contacts: 'contactExchanges',
};

/** The counts one event adds. */
function countsOf(e: RollupEvent): Counts {
  const c = zero();
  const key = COUNTED[e.type];
  if (key) c[key] = 1;
  if (e.type === 'view_company' || e.type === 'view_product') c.duration = e.duration ?? 0;
  return c;
}

type Row = {
  key: string;
  values: Record<string, string | number>;
  /** The key's values in order (what rows are sorted by). */
  order: (string | number)[];
  counts: Record<string, number>;
};

class Acc {
  readonly rows = new Map<string, Row>();
  add(keyValues: Record<string, string | number>, counts: Record<string, number>) {
    const order = Object.values(keyValues);
    const key = order.join('\u0000');
    let row = this.rows.get(key);
    if (!row) {
      row = { key, values: keyValues, order, counts: {} };
      this.rows.set(key, row);
    }
    const sums = row.counts;
    for (const k in counts) sums[k] = (sums[k] ?? 0) + counts[k]!;
  }
  /** Rows in key order (each value compared as its type: numbers as numbers). */
  sorted(): Row[] {
    return [...this.rows.values()].sort((a, b) => {
      const av = a.order;
      const bv = b.order;
      for (let i = 0; i < av.length; i++) {
        const x = av[i]!;
        const y = bv[i]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
  }
}

/** Everything a set of events adds to each rollup (pure; the property test compares it too). */
export function aggregate(
  events: readonly RollupEvent[],
  timeZone: string,
  productCompany: ReadonlyMap<number, number | null>,
) {
  const company = new Acc();
  const visitors = new Acc();
  const product = new Acc();
  const user = new Acc();
  const userCompany = new Acc();
  const userProduct = new Acc();
  const keyword = new Acc();
  const keywordUsers = new Acc();
  for (const e of events) {
    const day = dayIn(timeZone, e.occurredAt);
    const c = countsOf(e);
    const owner = e.productId != null ? (productCompany.get(e.productId) ?? null) : null;
    const companyId = e.companyId ?? owner;
    if (companyId != null) {
      company.add({ companyId, day }, c);
      if (e.userId != null && (e.type === 'view_company' || e.type === 'view_product'))
        visitors.add({ companyId, day, userId: e.userId }, {});
    }
    if (e.productId != null && owner != null)
      product.add({ productId: e.productId, day, companyId: owner }, c);
    if (e.userId != null) {
      user.add(
        { userId: e.userId, day },
        {
          ...c,
          events: 1,
          searches: e.type === 'search' ? 1 : 0,
          leads: e.type === 'post_lead' ? 1 : 0,
          logins: e.type === 'login' ? 1 : 0,
        },
      );
      if (companyId != null) userCompany.add({ userId: e.userId, companyId, day }, c);
      if (e.productId != null && owner != null)
        userProduct.add({ userId: e.userId, productId: e.productId, day, companyId: owner }, c);
    }
    if (e.type === 'search' && e.keyword) {
      const key = { day, keyword: e.keyword.trim().toLowerCase(), language: e.lang ?? '' };
      keyword.add(key, {
        searches: 1,
        emptySearches: e.resultsCount === 0 ? 1 : 0,
        resultsTotal: e.resultsCount ?? 0,
      });
      if (e.userId != null) keywordUsers.add({ ...key, userId: e.userId }, {});
    }
  }
  return { company, visitors, product, user, userCompany, userProduct, keyword, keywordUsers };
}
