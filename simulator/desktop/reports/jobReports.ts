import { isJsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import { pushTo } from './grouping.ts';
import type { PostingRow, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const idOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null);
const REVENUE = new Set(['income', 'other_income']);
const COST = new Set(['cost_of_goods_sold', 'expense', 'other_expense']);

/** Cost and revenue of one row (estimated or actual), in cents, costs debit-positive and revenue credit-positive. */
interface CostRevenue {
  cost: number;
  revenue: number;
}

const zero = (): CostRevenue => ({ cost: 0, revenue: 0 });
const plus = (a: CostRevenue, b: CostRevenue): CostRevenue => ({ cost: a.cost + b.cost, revenue: a.revenue + b.revenue });

/** Rows of the job reports: what groups them (the customer or job, then the item), from a posting or an estimate's line. */
type Grouping = 'job' | 'item' | 'job_then_item';

/** The key of a row and, for jobs broken down by item, of its line. */
const keysOf = (grouping: Grouping, customer: string | null, item: string | null): [string, string] | undefined => {
  if (grouping === 'item') return item === null ? undefined : [item, ''];
  if (customer === null) return undefined;
  return [customer, grouping === 'job_then_item' ? item ?? '' : ''];
};

/** What the period's profit and loss postings earned and cost, by row: income as revenue, costs of sales and expenses as cost. */
function actuals(books: ReportBooks, request: ReportRequest, grouping: Grouping): Map<string, Map<string, CostRevenue>> {
  const out = new Map<string, Map<string, CostRevenue>>();
  const isCustomer = new Map<string, boolean>();
  const customerOf = (p: PostingRow): string | null => {
    if (p.entity === null) return null;
    if (!isCustomer.has(p.entity)) isCustomer.set(p.entity, books.find('ldg_customer', p.entity) !== undefined);
    return isCustomer.get(p.entity) ? p.entity : null;
  };
  // Only income and cost accounts count, and only a posting's account, name, item and amount: SQLite sums them when it can.
  const accounts = new Set(books.accounts.filter((a) => (REVENUE.has(a.accountType) || COST.has(a.accountType)) && (!request.filter.accounts || request.filter.accounts.has(a.id))).map((a) => a.id));
  const range = { ...request.filter, from: request.period.from, to: request.period.to, accounts };
  for (const p of books.postingSums(range, { entity: grouping !== 'item', item: grouping !== 'job' }) ?? books.postings(range)) {
    const type = books.accountById.get(p.account)?.accountType ?? '';
    if (!REVENUE.has(type) && !COST.has(type)) continue;
    const keys = keysOf(grouping, customerOf(p), p.item);
    if (!keys) continue;
    add(out, keys, REVENUE.has(type) ? { cost: 0, revenue: -p.cents } : { cost: p.cents, revenue: 0 });
  }
  return out;
}

function add(out: Map<string, Map<string, CostRevenue>>, [row, sub]: [string, string], value: CostRevenue): void {
  const group = out.get(row) ?? new Map<string, CostRevenue>();
  group.set(sub, plus(group.get(sub) ?? zero(), value));
  out.set(row, group);
}

/** What the period's active estimates said each row would earn (their lines) and cost (each item's purchase cost x quantity). */
function estimates(books: ReportBooks, request: ReportRequest, grouping: Grouping): Map<string, Map<string, CostRevenue>> {
  const out = new Map<string, Map<string, CostRevenue>>();
  const { from, to } = request.period;
  const rows = books.documentsDated(['ldg_estimate'], from, to);
  const costOf = new Map<string, number>();
  const unitCost = (item: string): number => {
    if (!costOf.has(item)) {
      const doc = books.findAmong(['ldg_inventory_item', 'ldg_inventory_assembly_item', 'ldg_non_inventory_item', 'ldg_service_item', 'ldg_other_charge_item'], item);
      const details = isJsonObject(doc?.['salesAndPurchaseDetails']) ? doc['salesAndPurchaseDetails'] : undefined;
      const cost = doc?.['purchaseCost'] ?? details?.['purchaseCost'];
      costOf.set(item, typeof cost === 'string' ? toCents(cost) : 0);
    }
    return costOf.get(item) ?? 0;
  };
  for (const row of rows) {
    const { doc } = row;
    if (doc['isActive'] === false) continue;
    for (const line of Array.isArray(doc['lines']) ? doc['lines'].filter(isJsonObject) : []) {
      const item = idOf(line['item']);
      // A subtotal line repeats the lines above it: counting it would count them twice.
      if (item !== null && books.find('ldg_subtotal_item', item) !== undefined) continue;
      const keys = keysOf(grouping, idOf(doc['customer']), item);
      if (!keys) continue;
      const quantity = typeof line['quantity'] === 'number' ? line['quantity'] : 0;
      add(out, keys, { revenue: toCents(typeof line['amount'] === 'string' ? line['amount'] : null), cost: item === null ? 0 : Math.round(unitCost(item) * quantity) });
    }
  }
  return out;
}


/**
 * Job and item profitability (`estimated` false: actual cost, actual revenue, their difference) or
 * estimates against actuals (`estimated` true: each side estimated, actual and the difference), by
 * job, by item, or by job and then item.
 */
export function jobReport(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, grouping: Grouping, estimated: boolean): void {
  sheet.addColumns(
    estimated
      ? [
          ['estimated_cost', 'Est. Cost', 'amount'],
          ['actual_cost', 'Act. Cost', 'amount'],
          ['cost_difference', '($) Diff.', 'amount'],
          ['estimated_revenue', 'Est. Revenue', 'amount'],
          ['actual_revenue', 'Act. Revenue', 'amount'],
          ['revenue_difference', '($) Diff.', 'amount'],
        ]
      : [
          ['actual_cost', 'Act. Cost', 'amount'],
          ['actual_revenue', 'Act. Revenue', 'amount'],
          ['difference', '($) Diff.', 'amount'],
        ],
  );
  const actual = actuals(books, request, grouping);
  const estimate = estimated ? estimates(books, request, grouping) : new Map<string, Map<string, CostRevenue>>();
  const cells = (label: string, act: CostRevenue, est: CostRevenue): Record<string, string> =>
    estimated
      ? { label, estimated_cost: money(est.cost), actual_cost: money(act.cost), cost_difference: money(act.cost - est.cost), estimated_revenue: money(est.revenue), actual_revenue: money(act.revenue), revenue_difference: money(act.revenue - est.revenue) }
      : { label, actual_cost: money(act.cost), actual_revenue: money(act.revenue), difference: money(act.revenue - act.cost) };
  const rowType = grouping === 'item' ? 'item' : 'customer';
  let totalActual = zero();
  let totalEstimate = zero();
  const keys = new Set([...actual.keys(), ...estimate.keys()]);
  const subsOf = (row: string): string[] => [...new Set([...(actual.get(row)?.keys() ?? []), ...(estimate.get(row)?.keys() ?? [])])];
  const labelOf = (sub: string): string => (sub === '' ? 'No item' : books.nameOf(sub) ?? sub);
  // Refused before a name is sorted when too long: a whole history of 9,000 jobs by item is 200,000 lines.
  if (grouping === 'job_then_item') {
    const subs = [...keys].flatMap(subsOf);
    books.readNames(subs);
    sheet.reserve([...keys].reduce((n, row) => n + 2 + new Set(subsOf(row).map(labelOf)).size, 1));
  } else sheet.reserve(keys.size + 1);
  const rowKeys = [...keys].sort(books.byName(keys));
  for (const row of rowKeys) {
    const name = books.nameOf(row) ?? row;
    const subs = subsOf(row);
    const sum = (m: Map<string, Map<string, CostRevenue>>): CostRevenue => [...(m.get(row)?.values() ?? [])].reduce(plus, zero());
    const [act, est] = [sum(actual), sum(estimate)];
    totalActual = plus(totalActual, act);
    totalEstimate = plus(totalEstimate, est);
    if (grouping !== 'job_then_item') {
      sheet.data({ type: rowType, value: name }, cells(name, act, est));
      continue;
    }
    sheet.text(name);
    const groups = new Map<string, string[]>();
    for (const sub of subs) pushTo(groups, labelOf(sub), sub);
    for (const [label, keys] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
      const pick = (m: Map<string, Map<string, CostRevenue>>): CostRevenue => keys.map((k) => m.get(row)?.get(k) ?? zero()).reduce(plus, zero());
      sheet.data({ type: 'item', value: label }, cells(label, pick(actual), pick(estimate)));
    }
    sheet.subtotal({ type: 'customer', value: name }, cells(`Total ${name}`, act, est));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', totalActual, totalEstimate));
}
