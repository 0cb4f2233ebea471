import { beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../../test/support/bookWrites.ts';
import { figure, type ReportJson } from '../../../test/support/reportFigures.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { compileValidators, type OperationValidators } from '../../spec/compileValidators.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import { taxKindOf } from '../books/payrollFigures.ts';
import { runReport } from './runReport.ts';

const operations = indexOperations(await loadSpec());
const validators = compileValidators(operations);
const enumOf = (operationId: string, name: string): string[] => (operations.get(operationId)?.parameters.find((p) => p.name === name)?.schema.enum ?? []).map(String);
const ROWS = enumOf('reports.customSummary', 'summarizeRowsBy');
const COLUMNS = enumOf('reports.customSummary', 'summarizeColumnsBy');
const DETAIL_ROWS = enumOf('reports.customDetail', 'summarizeRowsBy');
const PERIODS = new Set(['day', 'week', 'two_week', 'four_week', 'half_month', 'month', 'quarter', 'year']);
/** Rows that are a statement's own (accounts in the chart's layout), not a value per row. */
const STATEMENT_ROWS = new Set(['account', 'income_statement', 'balance_sheet']);

const seeded = seededBooks({ customers: 12, invoices: 30, 'sales-receipts': 6, 'credit-memos': 4, bills: 8, checks: 5, 'credit-card-charges': 3, paychecks: 6, 'journal-entries': 3, estimates: 6 });
const FROM = '2023-01-01';
const TO = '2025-06-30';
let file: CompanyFile;

beforeAll(() => {
  file = seeded(5);
  // The seeded sales name no shipping method: two invoices that do, so the axis has values to split.
  const method = all(file, 'ldg_shipping_method')[0] ?? file.add('ldg_shipping_method', { name: 'Courier' });
  const customer = String(all(file, 'ldg_customer')[0]?.['id']);
  const item = String(all(file, 'ldg_service_item')[0]?.['id']);
  for (const rate of ['120.00', '80.00']) file.add('ldg_invoice', { customerId: customer, transactionDate: '2025-03-03', shippingMethodId: String(method['id']), lines: [{ itemId: item, quantity: 1, rate }] });
});

/** A report as the Service would answer it: the query through the spec's validator (its defaults), the answer checked against the spec. */
function ask(operationId: string, query: Record<string, JsonValue>): ReportJson {
  const v = validators.get(operationId) as OperationValidators;
  const q = { ...query };
  expect(v.query(q), `${operationId} ${JSON.stringify(query)} query: ${JSON.stringify(v.query.errors?.[0])}`).toBe(true);
  const body = runReport(file, (operations.get(operationId)?.path ?? '').split('/').pop() ?? '', q);
  expect(v.response?.(body), `${operationId} ${JSON.stringify(query)} answer: ${JSON.stringify(v.response?.errors?.[0])}`).toBe(true);
  return body as unknown as ReportJson;
}

const cell = (row: ReportJson['rows'][number], column: string): number => toCents(row.cells?.find((c) => c.columnId === column)?.value ?? null);
const dataRows = (report: ReportJson): ReportJson['rows'] => report.rows.filter((r) => r.kind === 'data');
const netIncome = (): number => figure(ask('reports.generalSummary', { reportType: 'profit_and_loss_standard', reportDateFrom: FROM, reportDateTo: TO }), 'Net Income');
const summary = (rowsBy: string, columnsBy: string): ReportJson => ask('reports.customSummary', { reportType: 'custom_summary', summarizeRowsBy: rowsBy, summarizeColumnsBy: columnsBy, reportDateFrom: FROM, reportDateTo: TO, rowsToReturn: 'all' });

describe('custom summary rows by every summarizeRowsBy value', () => {
  it.each(ROWS.filter((r) => !STATEMENT_ROWS.has(r)))('rows by %s add up to the net income of the one-column report', (rowsBy) => {
    const report = summary(rowsBy, 'total_only');
    const rows = dataRows(report);
    const total = report.rows.filter((r) => r.kind === 'total').map((r) => cell(r, 'total'));
    expect(total).toHaveLength(1);
    expect(rows.reduce((s, r) => s + cell(r, 'total'), 0)).toBe(total[0]);
    expect(total[0]).toBe(netIncome());
    // Every value the file has is a row of its own: the seeded books have more than one of each.
    if (rowsBy !== 'total_only') expect(rows.length, rowsBy).toBeGreaterThan(1);
  });

  it('rows by income statement and balance sheet are those statements', () => {
    expect(figure(summary('income_statement', 'total_only'), 'Net Income')).toBe(netIncome());
    const sheet = summary('balance_sheet', 'total_only');
    expect(figure(sheet, 'TOTAL ASSETS')).toBe(figure(sheet, 'TOTAL LIABILITIES & EQUITY'));
    expect(dataRows(summary('account', 'total_only')).length).toBeGreaterThan(5);
  });
});

describe('custom summary columns by every summarizeColumnsBy value', () => {
  it.each(COLUMNS.filter((c) => c !== 'total_only'))('columns by %s add up to the total column, row by row, for value rows and statement rows', (columnsBy) => {
    for (const rowsBy of ['customer', 'terms', 'income_statement']) {
      const report = summary(rowsBy, columnsBy);
      const parts = (report['columns'] as { columnId: string }[]).map((c) => c.columnId).filter((id) => id.startsWith('column_'));
      // Net income has no balance sheet account: by them, a value row's report has the column of none alone.
      if (!PERIODS.has(columnsBy) && !(columnsBy === 'balance_sheet' && rowsBy !== 'income_statement')) expect(parts.length, `${rowsBy} by ${columnsBy}: columns`).toBeGreaterThan(1);
      for (const row of report.rows.filter((r) => r.kind !== 'text' && r.cells?.some((c) => c.columnId === 'total'))) {
        const label = row.cells?.find((c) => c.columnId === 'label')?.value;
        expect(parts.reduce((s, id) => s + cell(row, id), 0), `${rowsBy} by ${columnsBy}: ${label}`).toBe(cell(row, 'total'));
      }
      expect(rowsBy === 'income_statement' ? figure(report, 'Net Income') : figure(report, 'TOTAL'), `${rowsBy} by ${columnsBy}: the total`).toBe(netIncome());
    }
  });

  it('a balance sheet by a value splits each balance into columns that add up to it', () => {
    for (const columnsBy of ['terms', 'customer_type', 'item_type', 'balance_sheet']) {
      const sheet = summary('balance_sheet', columnsBy);
      expect(figure(sheet, 'TOTAL ASSETS')).toBe(figure(sheet, 'TOTAL LIABILITIES & EQUITY'));
      expect(figure(sheet, 'TOTAL ASSETS')).toBe(figure(summary('balance_sheet', 'total_only'), 'TOTAL ASSETS', 'total'));
    }
  });
});

describe('custom transaction detail rows by every summarizeRowsBy value', () => {
  it.each(DETAIL_ROWS)('rows by %s list every posting of the period once, under headings whose totals add up', (rowsBy) => {
    const detail = ask('reports.customDetail', { reportType: 'custom_transaction_detail', summarizeRowsBy: rowsBy, reportDateFrom: FROM, reportDateTo: TO, includeColumns: ['date', 'account', 'amount'] });
    const postings = Number(file.store.db.prepare('SELECT COUNT(*) FROM postings WHERE posted_on BETWEEN ? AND ?').pluck().get(FROM, TO));
    expect(dataRows(detail)).toHaveLength(postings);
    const subtotals = detail.rows.filter((r) => r.kind === 'subtotal');
    if (rowsBy !== 'total_only' && rowsBy !== 'account') expect(subtotals.reduce((s, r) => s + cell(r, 'amount'), 0)).toBe(figure(detail, 'TOTAL', 'amount'));
    // Every transaction balances: what the period posted nets to nothing.
    expect(figure(detail, 'TOTAL', 'amount')).toBe(0);
  });
});

/** Each posting of the period on a profit and loss account, with its transaction's and party's documents, read apart from the reports. */
function profitAndLossPostings(): { txn: JsonObject | undefined; party: JsonObject | undefined; item: string | null; itemType: string | undefined; cents: number; line: number }[] {
  const docs = new Map<string, JsonObject>();
  for (const type of file.types.all()) for (const doc of all(file, type.objectType)) docs.set(String(doc['id']), doc);
  const rows = file.store.db
    .prepare(
      `SELECT p.txn_id AS txn, p.line, p.entity_id AS entity, COALESCE(p.line_item_id, p.item_id) AS item, p.cents, i.type AS itemType FROM postings p
       JOIN object_rows a ON a.id = p.account_id AND a.type = 'ldg_account' LEFT JOIN object_rows i ON i.id = COALESCE(p.line_item_id, p.item_id)
       WHERE p.posted_on BETWEEN ? AND ? AND json_extract(CAST((SELECT doc FROM bodies WHERE seq = a.seq) AS TEXT), '$.accountType') IN ('income', 'cost_of_goods_sold', 'expense', 'other_income', 'other_expense')`,
    )
    .all(FROM, TO) as { txn: string; line: number; entity: string | null; item: string | null; cents: number; itemType: string | null }[];
  return rows.map((r) => ({ txn: docs.get(r.txn), party: r.entity === null ? undefined : docs.get(r.entity), item: r.item, itemType: r.itemType ?? undefined, cents: r.cents, line: r.line }));
}

const nameIn = (doc: JsonObject | undefined, field: string): string | undefined => {
  const ref = doc?.[field] as JsonObject | null | undefined;
  return typeof ref?.['fullName'] === 'string' ? ref['fullName'] : undefined;
};

describe('what each axis files a posting under, checked against the documents themselves', () => {
  const documentFields = [
    ['terms', 'terms'],
    ['shipping_method', 'shippingMethod'],
    ['payment_method', 'paymentMethod'],
    ['sales_tax_code', 'salesTaxCode'],
  ] as const;
  const partyFields = [
    ['customer_type', 'ldg_customer', 'customerType'],
    ['vendor_type', 'ldg_vendor', 'vendorType'],
  ] as const;

  it.each([...documentFields.map(([by, field]) => [by, (p: ReturnType<typeof profitAndLossPostings>[number]) => nameIn(p.txn, field)] as const), ...partyFields.map(([by, type, field]) => [by, (p: ReturnType<typeof profitAndLossPostings>[number]) => (p.party?.['objectType'] === type ? nameIn(p.party, field) : undefined)] as const)])(
    'rows by %s are the net income of the postings whose documents name each value',
    (rowsBy, keyOf) => {
      const want = new Map<string, number>();
      for (const p of profitAndLossPostings()) {
        const key = keyOf(p);
        if (key !== undefined) want.set(key, (want.get(key) ?? 0) - p.cents);
      }
      expect(want.size, rowsBy).toBeGreaterThan(0);
      const got = new Map(dataRows(summary(rowsBy, 'total_only')).map((r) => [String(r.cells?.find((c) => c.columnId === 'label')?.value), cell(r, 'total')]));
      for (const [label, cents] of want) expect(got.get(label), `${rowsBy}: ${label}`).toBe(cents);
    },
  );

  it('rows by sales representative are each representative\'s sales documents\' net income, headed by initials', () => {
    const initials = new Map(all(file, 'ldg_sales_representative').map((r) => [String(r['id']), String(r['initial'])]));
    const want = new Map<string, number>();
    for (const p of profitAndLossPostings()) {
      const rep = (p.txn?.['salesRepresentative'] as JsonObject | null | undefined)?.['id'];
      const label = typeof rep === 'string' ? initials.get(rep) ?? rep : undefined;
      if (label !== undefined) want.set(label, (want.get(label) ?? 0) - p.cents);
    }
    expect(want.size).toBeGreaterThan(0);
    const got = new Map(dataRows(summary('sales_representative', 'total_only')).map((r) => [String(r.cells?.find((c) => c.columnId === 'label')?.value), cell(r, 'total')]));
    for (const [label, cents] of want) expect(got.get(label), label).toBe(cents);
  });

  it('rows by one field of the transaction and columns by another put each posting in the cell of both', () => {
    const initials = new Map(all(file, 'ldg_sales_representative').map((r) => [String(r['id']), String(r['initial'])]));
    const want = new Map<string, number>();
    for (const p of profitAndLossPostings()) {
      const terms = nameIn(p.txn, 'terms');
      const rep = (p.txn?.['salesRepresentative'] as JsonObject | null | undefined)?.['id'];
      if (terms !== undefined && typeof rep === 'string') want.set(`${terms} / ${initials.get(rep) ?? rep}`, (want.get(`${terms} / ${initials.get(rep) ?? rep}`) ?? 0) - p.cents);
    }
    const report = summary('terms', 'sales_representative');
    const titles = new Map((report['columns'] as { columnId: string; titles: { value: string | null }[] }[]).map((c) => [c.columnId, c.titles[0]?.value]));
    const got = new Map<string, number>();
    for (const row of dataRows(report)) for (const c of row.cells ?? []) if (c.columnId.startsWith('column_')) got.set(`${String(row.cells?.[0]?.value)} / ${String(titles.get(c.columnId))}`, toCents(c.value));
    expect(want.size).toBeGreaterThan(1);
    for (const [cellName, cents] of want) expect(got.get(cellName), cellName).toBe(cents);
  });

  it('rows by item type group the items of each kind', () => {
    const want = new Map<string, number>();
    for (const p of profitAndLossPostings()) if (p.itemType !== undefined) want.set(p.itemType, (want.get(p.itemType) ?? 0) - p.cents);
    const got = dataRows(summary('item_type', 'total_only')).filter((r) => r.cells?.find((c) => c.columnId === 'label')?.value !== 'No item');
    expect(got.map((r) => cell(r, 'total')).sort()).toEqual([...want.values()].sort());
  });

  it.each(['payroll_item_detail', 'payroll_ytd_detail'])('rows by %s are what each wage item earned and each company tax cost', (rowsBy) => {
    const want = new Map<string, number>();
    const taxes = new Map(all(file, 'ldg_payroll_tax_item').map((t) => [String(t['id']), t]));
    for (const check of all(file, 'ldg_paycheck')) {
      const date = String(check['transactionDate']);
      if (date < FROM || date > TO) continue;
      const add = (line: JsonObject, field: string): void => {
        const name = nameIn(line, field) ?? '';
        want.set(name, (want.get(name) ?? 0) - toCents(String(line['amount'])));
      };
      for (const line of (check['earnings'] as JsonObject[] | undefined) ?? []) add(line, 'payrollWageItem');
      for (const line of (check['taxes'] as JsonObject[] | undefined) ?? []) if (taxKindOf(taxes.get(String((line['payrollTaxItem'] as JsonObject)['id']))) === 'company') add(line, 'payrollTaxItem');
    }
    expect(want.size).toBeGreaterThan(0);
    const got = new Map(dataRows(summary(rowsBy, 'total_only')).map((r) => [String(r.cells?.find((c) => c.columnId === 'label')?.value), cell(r, 'total')]));
    for (const [label, cents] of want) if (cents !== 0) expect(got.get(label), label).toBe(cents);
  });
});

describe('job reports by period and by class, as the desktop offers them', () => {
  const JOB_TYPES = enumOf('reports.job', 'reportType');
  const jobColumns = enumOf('reports.job', 'summarizeColumnsBy').filter((c) => PERIODS.has(c) || c === 'class');

  it.each(jobColumns)('columns by %s: each measure adds up to its total column, which is the one-column report', (columnsBy) => {
    for (const reportType of JOB_TYPES) {
      // A column a day over the whole span would pass the column limit (its refusal is below): a quarter of them.
      const period = { reportType, reportDateFrom: columnsBy === 'day' ? '2025-04-01' : FROM, reportDateTo: TO };
      const plain = ask('reports.job', period);
      const split = ask('reports.job', { ...period, summarizeColumnsBy: columnsBy });
      const ids = (split['columns'] as { columnId: string }[]).map((c) => c.columnId);
      const measures = (plain['columns'] as { columnId: string }[]).map((c) => c.columnId).filter((id) => id !== 'label');
      for (const measure of measures) {
        const parts = ids.filter((id) => id.startsWith('column_') && id.endsWith(`_${measure}`) && !(measure === 'difference' && /_(cost|revenue)_difference$/.test(id)));
        expect(parts.length, `${reportType} by ${columnsBy}: ${measure}`).toBeGreaterThan(columnsBy === 'class' ? 1 : 0);
        for (const row of split.rows.filter((r) => r.kind !== 'text')) {
          const cents = new Map(row.cells?.filter((c) => c.columnId !== 'label').map((c) => [c.columnId, toCents(c.value)]));
          expect(parts.reduce((s, id) => s + (cents.get(id) ?? NaN), 0), `${reportType} by ${columnsBy}: ${String(row.cells?.[0]?.value)} ${measure}`).toBe(cents.get(`total_${measure}`));
        }
        expect(cell(split.rows.find((r) => r.kind === 'total') ?? { kind: '' }, `total_${measure}`), `${reportType} by ${columnsBy}: TOTAL ${measure}`).toBe(figure(plain, 'TOTAL', measure));
      }
    }
  });

  it('refuses more columns than the limit, counting each figure of each column', () => {
    expect(() => runReport(file, 'job', { reportType: 'job_estimates_vs_actuals_summary', reportDateFrom: FROM, reportDateTo: TO, summarizeColumnsBy: 'day' })).toThrow(/6 figures each would be \d+ columns, more than 1000/);
  });

  it('refuses the columns the desktop does not offer on them, saying so', () => {
    expect(() => runReport(file, 'job', { reportType: 'job_profitability_summary', reportDateMacro: 'all', summarizeColumnsBy: 'terms' })).toThrow(/by period or class/);
  });
});

describe('customer and vendor balance summaries by every summarizeColumnsBy value', () => {
  const values = enumOf('reports.generalSummary', 'summarizeColumnsBy').filter((c) => c !== 'total_only');

  it.each(values)('columns by %s: a value\'s columns add up to the balance, a period\'s last column is it', (columnsBy) => {
    for (const reportType of ['customer_balance_summary', 'vendor_balance_summary']) {
      const plain = ask('reports.generalSummary', { reportType, reportDateTo: TO });
      const split = ask('reports.generalSummary', { reportType, reportDateTo: TO, summarizeColumnsBy: columnsBy });
      const ids = (split['columns'] as { columnId: string }[]).map((c) => c.columnId).filter((id) => id !== 'label');
      const total = split.rows.find((r) => r.kind === 'total') ?? { kind: '' };
      if (PERIODS.has(columnsBy)) {
        expect(cell(total, ids.at(-1) ?? ''), `${reportType} by ${columnsBy}`).toBe(figure(plain, 'TOTAL'));
        continue;
      }
      const parts = ids.filter((id) => id.startsWith('column_'));
      for (const row of split.rows.filter((r) => r.kind !== 'text')) {
        const label = String(row.cells?.find((c) => c.columnId === 'label')?.value);
        expect(parts.reduce((s, id) => s + cell(row, id), 0), `${reportType} by ${columnsBy}: ${label}`).toBe(cell(row, 'total'));
      }
      expect(cell(total, 'total'), `${reportType} by ${columnsBy}: TOTAL`).toBe(figure(plain, 'TOTAL'));
    }
  });
});
