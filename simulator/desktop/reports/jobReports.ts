import { isJsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import { pushTo } from './grouping.ts';
import type { PostingRow, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import type { PostingFilter } from './postingFilter.ts';
import { notOffered } from './notComputed.ts';
import { columnValueOf, MAX_COLUMNS, PERIODS, statementLayout, type AmountLayout } from './statementColumns.ts';
import { RequestInputError } from '../values/RequestInputError.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const idOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null);
const REVENUE = new Set(['income', 'other_income']);
const COST = new Set(['cost_of_goods_sold', 'expense', 'other_expense']);
const CUSTOMERS = ['ldg_customer'];

/** Cost and revenue of one row (estimated or actual), in cents, costs debit-positive and revenue credit-positive. */
interface CostRevenue {
  cost: number;
  revenue: number;
}

const zero = (): CostRevenue => ({ cost: 0, revenue: 0 });
const plus = (a: CostRevenue, b: CostRevenue): CostRevenue => ({ cost: a.cost + b.cost, revenue: a.revenue + b.revenue });
/** A row's figures, one per column of the layout. */
type Figures = CostRevenue[];
const zeros = (n: number): Figures => Array.from({ length: n }, zero);
const plusAll = (a: Figures, b: Figures): Figures => a.map((v, i) => plus(v, b[i] ?? zero()));

/** The desktop offers the job reports' columns by period or by class (each column its cost, revenue and difference). */
const COLUMN_VALUES = new Set([...PERIODS, 'class', 'total_only']);

/** Rows of the job reports: what groups them (the customer or job, then the item), from a posting or an estimate's line. */
type Grouping = 'job' | 'item' | 'job_then_item';

/** The key of a row and, for jobs broken down by item, of its line. */
const keysOf = (grouping: Grouping, customer: string | null, item: string | null): [string, string] | undefined => {
  if (grouping === 'item') return item === null ? undefined : [item, ''];
  if (customer === null) return undefined;
  return [customer, grouping === 'job_then_item' ? item ?? '' : ''];
};

/** The postings the actual figures come from: the period's, on income and cost accounts. */
function actualsRange(books: ReportBooks, request: ReportRequest): PostingFilter {
  const accounts = new Set(books.accounts.filter((a) => (REVENUE.has(a.accountType) || COST.has(a.accountType)) && (!request.filter.accounts || request.filter.accounts.has(a.id))).map((a) => a.id));
  return { ...request.filter, from: request.period.from, to: request.period.to, accounts };
}

/** What the period's profit and loss postings earned and cost, by row and column: income as revenue, costs of sales and expenses as cost. */
function actuals(books: ReportBooks, request: ReportRequest, grouping: Grouping, layout: AmountLayout): Map<string, Map<string, Figures>> {
  const out = new Map<string, Map<string, Figures>>();
  // By id alone: parsing each of 9,000 customers to learn it is one was a third of a whole history's report.
  const customerOf = (p: PostingRow): string | null => (p.entity !== null && books.ledger.isOfTypes(p.entity, CUSTOMERS) ? p.entity : null);
  // Only income and cost accounts count, and only a posting's account, name, item, class, day and amount: SQLite sums them when it can.
  const range = actualsRange(books, request);
  const byDay = layout.columns.some((c) => c.from !== range.from || c.to !== range.to);
  for (const p of books.ledger.postingSums(range, { entity: grouping !== 'item', item: grouping !== 'job', class: layout.columnsBy !== undefined, date: byDay }) ?? books.ledger.postings(range)) {
    const type = books.accountById.get(p.account)?.accountType ?? '';
    if (!REVENUE.has(type) && !COST.has(type)) continue;
    const keys = keysOf(grouping, customerOf(p), p.item);
    if (!keys) continue;
    const value = columnValueOf(layout, p);
    add(out, keys, inColumns(layout, p.date, value, REVENUE.has(type) ? { cost: 0, revenue: -p.cents } : { cost: p.cents, revenue: 0 }));
  }
  return out;
}

/** A figure in each column that takes its day and (by class) its class; nothing in the others. */
function inColumns(layout: AmountLayout, date: string, value: string | null | undefined, figure: CostRevenue): Figures {
  return layout.columns.map((c) => ((c.from === null || date >= c.from) && date <= c.to && (c.value === undefined || c.value === value) ? figure : zero()));
}

function add(out: Map<string, Map<string, Figures>>, [row, sub]: [string, string], value: Figures): void {
  const group = out.get(row) ?? new Map<string, Figures>();
  group.set(sub, plusAll(group.get(sub) ?? zeros(value.length), value));
  out.set(row, group);
}

/** What the period's active estimates said each row would earn (their lines) and cost (each item's purchase cost x quantity). */
function estimates(books: ReportBooks, request: ReportRequest, grouping: Grouping, layout: AmountLayout): Map<string, Map<string, Figures>> {
  const out = new Map<string, Map<string, Figures>>();
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
      // A line's class, else its estimate's: as a posting's.
      const value = layout.columnsBy ? idOf(line['class']) ?? idOf(doc['class']) : undefined;
      add(out, keys, inColumns(layout, String(doc['transactionDate']), value, { revenue: toCents(typeof line['amount'] === 'string' ? line['amount'] : null), cost: item === null ? 0 : Math.round(unitCost(item) * quantity) }));
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
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'total_only';
  if (!COLUMN_VALUES.has(by)) throw notOffered(`job report columns by ${by} (summarizeColumnsBy)`, 'it offers them by period or class');
  const { from, to } = request.period;
  const layout: AmountLayout = by === 'total_only' ? { columns: [{ id: 'total', title: 'TOTAL', from, to }], derived: [] } : statementLayout(books, request, by, false);
  const measures: [string, string, (act: CostRevenue, est: CostRevenue) => number][] = estimated
    ? [
        ['estimated_cost', 'Est. Cost', (_a, e) => e.cost],
        ['actual_cost', 'Act. Cost', (a) => a.cost],
        ['cost_difference', '($) Diff.', (a, e) => a.cost - e.cost],
        ['estimated_revenue', 'Est. Revenue', (_a, e) => e.revenue],
        ['actual_revenue', 'Act. Revenue', (a) => a.revenue],
        ['revenue_difference', '($) Diff.', (a, e) => a.revenue - e.revenue],
      ]
    : [
        ['actual_cost', 'Act. Cost', (a) => a.cost],
        ['actual_revenue', 'Act. Revenue', (a) => a.revenue],
        ['difference', '($) Diff.', (a) => a.revenue - a.cost],
      ];
  const width = layout.columns.length;
  // The limit counts what the sheet would hold: each measure once per column of the layout.
  if (width * measures.length > MAX_COLUMNS) {
    throw new RequestInputError('summarizeColumnsBy', `${by} columns of ${measures.length} figures each would be ${width * measures.length} columns, more than ${MAX_COLUMNS}; ask for a shorter period or longer columns`);
  }
  // One total keeps the measures' own ids; more columns name theirs after the column.
  const single = width === 1;
  const idOfCell = (column: string, measure: string): string => (single ? measure : `${column}_${measure}`);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: single ? [null] : [null, null] });
  for (const c of layout.columns) for (const [id, title] of measures) sheet.addColumn({ id: idOfCell(c.id, id), type: id, dataType: 'amount', titles: single ? [title] : [c.title, title] });
  // By job then item, a whole history too long is refused before a sum is read when the books'
  // kept sums can count it: each job a heading and a total, a line per item it names (estimates
  // only add lines). 9,000 jobs by item over 205,000 transactions: refused in 0.1 s, not 2.3 s.
  if (grouping === 'job_then_item') {
    const counted = books.ledger.namePairCount({ ...actualsRange(books, request), entityTypes: new Set(['ldg_customer']) });
    if (counted) sheet.reserve(1 + 2 * counted.names + counted.pairs);
  }
  const actual = actuals(books, request, grouping, layout);
  const estimate = estimated ? estimates(books, request, grouping, layout) : new Map<string, Map<string, Figures>>();
  const cells = (label: string, act: Figures, est: Figures): Record<string, string> => {
    const out: Record<string, string> = { label };
    layout.columns.forEach((c, i) => {
      for (const [id, , of] of measures) out[idOfCell(c.id, id)] = money(of(act[i] ?? zero(), est[i] ?? zero()));
    });
    return out;
  };
  const rowType = grouping === 'item' ? 'item' : 'customer';
  let totalActual = zeros(width);
  let totalEstimate = zeros(width);
  const keys = new Set([...actual.keys(), ...estimate.keys()]);
  const subsOf = (row: string): string[] => [...new Set([...(actual.get(row)?.keys() ?? []), ...(estimate.get(row)?.keys() ?? [])])];
  const labelOf = (sub: string): string => (sub === '' ? 'No item' : books.names.of(sub) ?? sub);
  // Refused before a name is sorted when too long: a whole history of 9,000 jobs by item is 200,000 lines.
  if (grouping === 'job_then_item') {
    const subs = [...keys].flatMap(subsOf);
    books.names.read(subs);
    sheet.reserve([...keys].reduce((n, row) => n + 2 + new Set(subsOf(row).map(labelOf)).size, 1));
  } else sheet.reserve(keys.size + 1);
  const rowKeys = [...keys].sort(books.names.order(keys));
  for (const row of rowKeys) {
    const name = books.names.of(row) ?? row;
    const subs = subsOf(row);
    const sum = (m: Map<string, Map<string, Figures>>): Figures => [...(m.get(row)?.values() ?? [])].reduce(plusAll, zeros(width));
    const [act, est] = [sum(actual), sum(estimate)];
    totalActual = plusAll(totalActual, act);
    totalEstimate = plusAll(totalEstimate, est);
    if (grouping !== 'job_then_item') {
      sheet.data({ type: rowType, value: name }, cells(name, act, est));
      continue;
    }
    sheet.text(name);
    const groups = new Map<string, string[]>();
    for (const sub of subs) pushTo(groups, labelOf(sub), sub);
    for (const [label, keys] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
      const pick = (m: Map<string, Map<string, Figures>>): Figures => keys.map((k) => m.get(row)?.get(k) ?? zeros(width)).reduce(plusAll, zeros(width));
      sheet.data({ type: 'item', value: label }, cells(label, pick(actual), pick(estimate)));
    }
    sheet.subtotal({ type: 'customer', value: name }, cells(`Total ${name}`, act, est));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', totalActual, totalEstimate));
}
