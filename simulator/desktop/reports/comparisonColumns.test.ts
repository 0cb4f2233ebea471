import { describe, expect, it } from 'vitest';
import type { ReportJson } from '../../../test/support/reportFigures.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { compileValidators, type OperationValidators } from '../../spec/compileValidators.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import { runReport } from './runReport.ts';
import { all } from '../../../test/support/bookWrites.ts';

const operations = indexOperations(await loadSpec());
const validators = compileValidators(operations);
const COLUMNS = (operations.get('reports.generalSummary')?.parameters.find((p) => p.name === 'summarizeColumnsBy')?.schema.enum ?? []).map(String);
const PERIODS = new Set(['day', 'week', 'two_week', 'four_week', 'half_month', 'month', 'quarter', 'year']);
/** Over half a year, a day's columns compared are past 1,000: refused, as any layout past them is. */
const VALUES = COLUMNS.filter((c) => c !== 'total_only' && c !== 'day');

const seeded = seededBooks({ customers: 12, invoices: 30, 'sales-receipts': 6, 'credit-memos': 4, bills: 8, checks: 5, paychecks: 6, 'journal-entries': 3 });
let cached: CompanyFile | undefined;
const file = (): CompanyFile => (cached ??= seeded(5));
const PERIOD = { reportDateFrom: '2025-01-01', reportDateTo: '2025-06-30' };

function ask(query: Record<string, JsonValue>): ReportJson {
  const v = validators.get('reports.generalSummary') as OperationValidators;
  const q = { ...PERIOD, ...query };
  expect(v.query(q), JSON.stringify(query)).toBe(true);
  const body = runReport(file(), 'general-summary', q);
  expect(v.response?.(body), `${JSON.stringify(query)} answer: ${JSON.stringify(v.response?.errors?.[0])}`).toBe(true);
  return body as unknown as ReportJson;
}

type Row = ReportJson['rows'][number];
const cents = (row: Row, column: string): number => toCents(row.cells?.find((c) => c.columnId === column)?.value ?? null);
const ids = (report: ReportJson): string[] => (report['columns'] as { columnId: string }[]).map((c) => c.columnId);
const figureRows = (report: ReportJson): Row[] => report.rows.filter((r) => r.kind !== 'text');
const label = (row: Row): string | null => row.cells?.find((c) => c.columnId === 'label')?.value ?? null;

describe('the by-class and by-job statements', () => {
  it.each([
    ['profit_and_loss_by_class', 'profit_and_loss_standard', 'class'],
    ['profit_and_loss_by_job', 'profit_and_loss_standard', 'customer'],
    ['balance_sheet_by_class', 'balance_sheet_standard', 'class'],
  ])('%s is %s with its columns preset, and a request’s columns replace the preset', (type, standard, preset) => {
    const rowsOf = (r: ReportJson): unknown => ({ columns: r['columns'], rows: r.rows });
    expect(rowsOf(ask({ reportType: type }))).toEqual(rowsOf(ask({ reportType: standard, summarizeColumnsBy: preset })));
    for (const by of ['month', 'terms', 'item_type', 'total_only']) expect(rowsOf(ask({ reportType: type, summarizeColumnsBy: by })), by).toEqual(rowsOf(ask({ reportType: standard, summarizeColumnsBy: by })));
  });
});

describe('comparisons by every summarizeColumnsBy value', () => {
  it.each([
    ['profit_and_loss_previous_year_comparison', 'previous_year', true],
    ['balance_sheet_previous_year_comparison', 'previous_year', true],
    ['profit_and_loss_ytd_comparison', 'year_to_date', false],
  ] as const)('%s: each column beside its %s, adding up to the one-column comparison', (reportType, other, derived) => {
    const single = figureRows(ask({ reportType }));
    for (const by of VALUES) {
      const report = ask({ reportType, summarizeColumnsBy: by });
      const columns = ids(report);
      const current = columns.filter((id) => /^column_[^_]+$/.test(id));
      const asOfPeriods = reportType.startsWith('balance_sheet') && PERIODS.has(by);
      expect(current.length, by).toBeGreaterThan(PERIODS.has(by) && by !== 'year' ? 1 : 0);
      const rows = figureRows(report);
      expect(rows.map(label), by).toEqual(single.map(label));
      rows.forEach((row, i) => {
        const one = single[i] as Row;
        const what = `${by}: ${label(row)}`;
        for (const c of current) {
          expect(columns.indexOf(`${c}_${other}`), `${what}: ${c}'s ${other} beside it`).toBe(columns.indexOf(c) + 1);
          if (derived) expect(cents(row, `${c}_change`), `${what}: ${c} change`).toBe(cents(row, c) - cents(row, `${c}_${other}`));
        }
        // A balance sheet by period has no total: its last column is as of the report's last day.
        const [now, then] = asOfPeriods ? [current.at(-1) as string, `${current.at(-1)}_${other}`] : ['total', `total_${other}`];
        expect(cents(row, now), `${what}: against the one-column comparison`).toBe(cents(one, 'current'));
        expect(cents(row, then), `${what}: ${other} against the one-column comparison`).toBe(cents(one, other));
        if (asOfPeriods) return;
        // Columns of one value each (and periods of a span) add up to the total, this year and the earlier.
        expect(current.reduce((s, c) => s + cents(row, c), 0), `${what}: columns`).toBe(cents(row, 'total'));
        if (!PERIODS.has(by) || other === 'previous_year') expect(current.reduce((s, c) => s + cents(row, `${c}_${other}`), 0), `${what}: ${other} columns`).toBe(cents(row, `total_${other}`));
      });
    }
  });
});

describe('the trial balance by every summarizeColumnsBy value', () => {
  const net = (row: Row, prefix: string): number => cents(row, `${prefix}debit`) - cents(row, `${prefix}credit`);
  it.each(VALUES)('columns by %s add up to the one-column trial balance, and each period balances as of its last day', (by) => {
    const single = figureRows(ask({ reportType: 'trial_balance' }));
    const report = ask({ reportType: 'trial_balance', summarizeColumnsBy: by });
    const pairs = ids(report).filter((id) => id.endsWith('_debit')).map((id) => id.slice(0, -'debit'.length));
    expect(pairs.length, by).toBeGreaterThan(PERIODS.has(by) && by !== 'year' ? 1 : 0);
    const total = figureRows(report).at(-1) as Row;
    // Each day's books balance; one class's or name's postings alone need not (an invoice's receivable side is often unclassified).
    for (const p of PERIODS.has(by) ? pairs : ['total_']) expect(cents(total, `${p}debit`), `${by}: ${p} debits and credits`).toBe(cents(total, `${p}credit`));
    const byLabel = new Map(single.map((r) => [label(r), r]));
    for (const row of figureRows(report).filter((r) => r.kind === 'data')) {
      const one = byLabel.get(label(row));
      if (PERIODS.has(by)) {
        // As of the last period's last day: the report's own day.
        expect(net(row, pairs.at(-1) as string), `${by}: ${label(row)}`).toBe(one ? net(one, '') : 0);
      } else {
        const parts = pairs.filter((p) => p !== 'total_');
        expect(parts.reduce((s, p) => s + net(row, p), 0), `${by}: ${label(row)} columns`).toBe(net(row, 'total_'));
        expect(net(row, 'total_'), `${by}: ${label(row)} against the one-column trial balance`).toBe(one ? net(one, '') : 0);
      }
    }
  });

  it('by month, each column is the trial balance as of the month’s last day', () => {
    const report = ask({ reportType: 'trial_balance', summarizeColumnsBy: 'month' });
    for (const [i, day] of ['2025-01-31', '2025-02-28', '2025-03-31'].entries()) {
      const asOf = new Map(figureRows(ask({ reportType: 'trial_balance', reportDateTo: day })).map((r) => [label(r), net(r, '')]));
      for (const row of figureRows(report).filter((r) => r.kind === 'data')) expect(net(row, `column_${i + 1}_`), `${day}: ${label(row)}`).toBe(asOf.get(label(row)) ?? 0);
    }
  });
});

describe('the sales tax reports by period', () => {
  const FLOWS = ['total_sales', 'non_taxable_sales', 'taxable_sales', 'tax_collected'];
  it.each([...PERIODS].filter((p) => p !== 'day').flatMap((by) => [['sales_tax_liability', by], ['sales_tax_revenue_summary', by]]))('%s by %s: periods add up to the one-column report, what is owed as of each one’s last day', (reportType, by) => {
    const single = figureRows(ask({ reportType }));
    const report = ask({ reportType, summarizeColumnsBy: by });
    const periods = ids(report).filter((id) => id.endsWith('_total_sales') && id !== 'total_total_sales').map((id) => id.slice(0, -'total_sales'.length));
    expect(periods.length, by).toBeGreaterThan(by === 'year' ? 0 : 1);
    const rows = figureRows(report);
    expect(rows.map(label)).toEqual(single.map(label));
    rows.forEach((row, i) => {
      const one = single[i] as Row;
      for (const m of FLOWS.filter((f) => reportType === 'sales_tax_liability' || f !== 'tax_collected')) {
        expect(periods.reduce((s, p) => s + cents(row, `${p}${m}`), 0), `${by} ${label(row)} ${m}`).toBe(cents(row, `total_${m}`));
        expect(cents(row, `total_${m}`), `${by} ${label(row)} ${m} against the one-column report`).toBe(cents(one, m));
      }
      if (reportType === 'sales_tax_liability') expect(cents(row, `${periods.at(-1)}sales_tax_payable`), `${label(row)} owed`).toBe(cents(one, 'sales_tax_payable'));
    });
  });

  it('by month, what is owed in each column is what the report as of the month’s last day says', () => {
    const report = ask({ reportType: 'sales_tax_liability', summarizeColumnsBy: 'month' });
    const owedAsOf = (day: string): number => cents(figureRows(ask({ reportType: 'sales_tax_liability', reportDateTo: day })).at(-1) as Row, 'sales_tax_payable');
    const total = figureRows(report).at(-1) as Row;
    for (const [i, day] of ['2025-01-31', '2025-02-28', '2025-03-31'].entries()) expect(cents(total, `column_${i + 1}_sales_tax_payable`), day).toBe(owedAsOf(day));
    // The seeded sales collect tax: the columns have something to split.
    expect(cents(total, 'total_tax_collected')).not.toBe(0);
  });
});

describe('the inventory valuation by period', () => {
  it.each(['inventory_valuation_summary', 'inventory_valuation_summary_by_site'])('%s by month: each column is the valuation as of the month’s last day', (reportType) => {
    const report = ask({ reportType, summarizeColumnsBy: 'month' });
    const months = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'];
    expect(ids(report).filter((id) => id.endsWith('_value_on_hand'))).toHaveLength(months.length);
    for (const [i, day] of months.entries()) {
      const asOf = new Map(figureRows(ask({ reportType, reportDateTo: day })).map((r) => [`${r.kind} ${label(r)}`, r]));
      for (const row of figureRows(report)) {
        const one = asOf.get(`${row.kind} ${label(row)}`);
        for (const m of ['quantity_on_hand', 'value_on_hand', 'retail_value']) {
          const shown = row.cells?.find((c) => c.columnId === `column_${i + 1}_${m}`)?.value ?? null;
          expect(shown === null ? 0 : Number(shown), `${day} ${label(row)} ${m}`).toBe(Number(one?.cells?.find((c) => c.columnId === m)?.value ?? 0));
        }
      }
    }
    expect(cents(figureRows(report).at(-1) as Row, 'column_6_value_on_hand')).not.toBe(0);
  });

  it('refuses columns by a value by design: stock on hand belongs to no name or class', () => {
    expect(() => runReport(file(), 'general-summary', { reportType: 'inventory_valuation_summary', summarizeColumnsBy: 'class' })).toThrow(/offers no inventory valuation columns by class/);
  });
});

describe('the sales tax reports by a value of the sales', () => {
  const FLOWS = ['total_sales', 'non_taxable_sales', 'taxable_sales', 'tax_collected'];
  const NO_ACCOUNT = new Set(['account', 'income_statement', 'balance_sheet']);
  it.each(VALUES.filter((v) => !PERIODS.has(v) && !NO_ACCOUNT.has(v)).flatMap((by) => [['sales_tax_liability', by], ['sales_tax_revenue_summary', by]]))('%s by %s: the values add up to the one-column report; only the whole period says what is owed', (reportType, by) => {
    const single = figureRows(ask({ reportType }));
    const report = ask({ reportType, summarizeColumnsBy: by });
    const values = ids(report).filter((id) => id.endsWith('_total_sales') && id !== 'total_total_sales').map((id) => id.slice(0, -'total_sales'.length));
    expect(values.length, by).toBeGreaterThan(0);
    const rows = figureRows(report);
    expect(rows.map(label)).toEqual(single.map(label));
    rows.forEach((row, i) => {
      const one = single[i] as Row;
      for (const m of FLOWS.filter((f) => reportType === 'sales_tax_liability' || f !== 'tax_collected')) {
        expect(values.reduce((s, p) => s + cents(row, `${p}${m}`), 0), `${by} ${label(row)} ${m}`).toBe(cents(row, `total_${m}`));
        expect(cents(row, `total_${m}`), `${by} ${label(row)} ${m} against the one-column report`).toBe(cents(one, m));
      }
      if (reportType !== 'sales_tax_liability') return;
      expect(cents(row, 'total_sales_tax_payable')).toBe(cents(one, 'sales_tax_payable'));
      for (const v of values) expect(row.cells?.find((c) => c.columnId === `${v}sales_tax_payable`)?.value ?? null, `${by} ${v} owes nothing of its own`).toBeNull();
    });
  });

  it('by customer, each customer’s sales are the subtotals of its sales, from the documents', () => {
    const report = ask({ reportType: 'sales_tax_revenue_summary', summarizeColumnsBy: 'customer' });
    const total = figureRows(report).at(-1) as Row;
    const expected = new Map<string, number>();
    for (const [type, sign] of [['ldg_invoice', 1], ['ldg_sales_receipt', 1], ['ldg_credit_memo', -1]] as const) {
      for (const doc of all(file(), type)) {
        const day = String(doc['transactionDate']);
        if (day < PERIOD.reportDateFrom || day > PERIOD.reportDateTo) continue;
        const name = String((doc['customer'] as { fullName?: string } | null)?.fullName);
        expected.set(name, (expected.get(name) ?? 0) + sign * toCents(String(doc['subtotal'])));
      }
    }
    const columns = report['columns'] as { columnId: string; titles: { value: string | null }[] }[];
    const shown = new Map(columns.filter((c) => c.columnId.endsWith('_total_sales') && c.columnId !== 'total_total_sales').map((c) => [String(c.titles[0]?.value), cents(total, c.columnId)]));
    expect(shown).toEqual(expected);
    expect(shown.size).toBeGreaterThan(3);
  });
});
