import { beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../../test/support/bookWrites.ts';
import type { ReportJson } from '../../../test/support/reportFigures.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { compileValidators, type OperationValidators } from '../../spec/compileValidators.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import { DesktopError } from '../values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import { taxKindOf } from '../books/payrollFigures.ts';
import { minutesOf } from './timeReports.ts';
import { runReport } from './runReport.ts';

const operations = indexOperations(await loadSpec());
const validators = compileValidators(operations);
const enumOf = (operationId: string, name: string): string[] => (operations.get(operationId)?.parameters.find((p) => p.name === name)?.schema.enum ?? []).map(String);
const TIME_TYPES = enumOf('reports.time', 'reportType');
const TIME_COLUMNS = enumOf('reports.time', 'summarizeColumnsBy');
const PAYROLL_COLUMNS = enumOf('reports.payrollSummary', 'summarizeColumnsBy');
/** A time entry posts to no account: these are refused by design (decision 22). */
const NO_ACCOUNT = new Set(['account', 'income_statement', 'balance_sheet']);

const seeded = seededBooks({ customers: 12, invoices: 10, paychecks: 8, 'time-tracking-activities': 24 });
const FROM = '2023-01-01';
const TO = '2025-06-30';
let file: CompanyFile;
const refId = (value: JsonValue | undefined): string | null => ((value as JsonObject | null | undefined)?.['id'] as string | undefined) ?? null;

beforeAll(() => {
  file = seeded(5);
  // The seeded time entries name no class and no wage item: three that do, so those axes have values to split.
  const classes = all(file, 'ldg_class').slice(0, 2).map((c) => String(c['id']));
  const wage = String(all(file, 'ldg_payroll_wage_item')[0]?.['id']);
  const [worker = '', customer = '', item = ''] = [all(file, 'ldg_employee')[0], all(file, 'ldg_customer')[1], all(file, 'ldg_service_item')[0]].map((d) => String(d?.['id']));
  for (const [i, classId] of [...classes, null].entries()) {
    file.add('ldg_time_tracking_activity', { transactionDate: `2025-0${i + 2}-10`, entityId: worker, customerId: customer, serviceItemId: item, duration: `PT${i + 1}H15M`, ...(classId ? { classId, payrollWageItemId: wage } : {}) });
  }
});

/** A report as the Service would answer it: the query through the spec's validator, the answer checked against the spec. */
function ask(operationId: string, query: Record<string, JsonValue>): ReportJson {
  const v = validators.get(operationId) as OperationValidators;
  const q = { reportDateFrom: FROM, reportDateTo: TO, ...query };
  expect(v.query(q), `${operationId} ${JSON.stringify(query)} query: ${JSON.stringify(v.query.errors?.[0])}`).toBe(true);
  const body = runReport(file, (operations.get(operationId)?.path ?? '').split('/').pop() ?? '', q);
  expect(v.response?.(body), `${operationId} ${JSON.stringify(query)} answer: ${JSON.stringify(v.response?.errors?.[0])}`).toBe(true);
  return body as unknown as ReportJson;
}

type Row = ReportJson['rows'][number];
const cellOf = (row: Row, column: string): string | null => row.cells?.find((c) => c.columnId === column)?.value ?? null;
/** `2:15` -> 135. */
const minutes = (text: string | null): number => {
  const [h = '0', m = '0'] = (text ?? '0:00').split(':');
  return Number(h) * 60 + Number(m);
};
const columnIds = (report: ReportJson): string[] => (report['columns'] as { columnId: string }[]).map((c) => c.columnId).filter((id) => id.startsWith('column_'));
/** A column's first heading (a payroll summary's second says hours or amount). */
const titleOf = (report: ReportJson, id: string): string | null => (report['columns'] as { columnId: string; titles: { value: string | null }[] }[]).find((c) => c.columnId === id)?.titles[0]?.value ?? null;
/** The rows with figures, in order: data, subtotals and totals. */
const figureRows = (report: ReportJson): Row[] => report.rows.filter((r) => r.kind !== 'text');
const totalRow = (report: ReportJson): Row => report.rows.filter((r) => r.kind === 'total').at(-1) as Row;

/**
 * Each row's columns add up to its total column, and its total column is the one-column report's
 * figure of the same row (a layout with no total column, the earnings summary's by payroll item:
 * its columns add up to that figure themselves).
 */
function expectColumnsAddUp(report: ReportJson, oneColumn: ReportJson, read: (v: string | null) => number, oneColumnId: string, what: string): void {
  const rows = figureRows(report);
  const single = figureRows(oneColumn);
  const hasTotal = (report['columns'] as { columnId: string }[]).some((c) => c.columnId === 'total');
  expect(rows.map((r) => cellOf(r, 'label')), `${what}: the rows of the one-column report`).toEqual(single.map((r) => cellOf(r, 'label')));
  rows.forEach((row, i) => {
    const parts = columnIds(report).reduce((s, id) => s + read(cellOf(row, id)), 0);
    const total = hasTotal ? read(cellOf(row, 'total')) : parts;
    expect(parts, `${what}: row ${cellOf(row, 'label')}`).toBe(total);
    expect(total, `${what}: row ${cellOf(row, 'label')} against the one-column report`).toBe(read(cellOf(single[i] as Row, oneColumnId)));
  });
}

describe('time reports by every summarizeColumnsBy value', () => {
  const values = TIME_COLUMNS.filter((c) => c !== 'total_only' && !NO_ACCOUNT.has(c));
  it.each(TIME_TYPES.flatMap((t) => values.map((v) => [t, v])))('%s columns by %s add up to the hours of the one-column report, row by row', (reportType, by) => {
    const report = ask('reports.time', { reportType, summarizeColumnsBy: by });
    expectColumnsAddUp(report, ask('reports.time', { reportType }), minutes, 'hours', `${reportType} by ${by}`);
    // Values the entries have (several customers, workers, items, classes, months) are columns of their own.
    if (['customer', 'employee', 'payee', 'item_detail', 'class', 'payroll_item_detail', 'month', 'quarter'].includes(by)) expect(columnIds(report).length, `${reportType} by ${by}`).toBeGreaterThan(1);
  });

  it.each([
    ['customer', 'customer'],
    ['employee', 'entity'],
    ['item_detail', 'serviceItem'],
    ['class', 'class'],
    ['payroll_item_detail', 'payrollWageItem'],
  ])('hours by %s are the entries’ hours of each one, from the documents', (by, field) => {
    const report = ask('reports.time', { reportType: 'time_by_name', summarizeColumnsBy: by });
    const expected = new Map<string | null, number>();
    for (const e of all(file, 'ldg_time_tracking_activity')) {
      if (String(e['transactionDate']) < FROM || String(e['transactionDate']) > TO) continue;
      const ref = e[field] as JsonObject | null;
      const key = ref ? String(ref['fullName']) : null;
      expected.set(key, (expected.get(key) ?? 0) + minutesOf(e['duration']));
    }
    const total = totalRow(report);
    const shown = new Map(columnIds(report).map((id) => [id === 'column_none' ? null : titleOf(report, id), minutes(cellOf(total, id))]));
    expect(shown).toEqual(expected);
  });

  it.each([...NO_ACCOUNT])('refuses columns by %s by design: a time entry posts to no account', (by) => {
    expect(() => runReport(file, 'time', { reportType: 'time_by_job_summary', summarizeColumnsBy: by })).toThrow(DesktopError);
    expect(() => runReport(file, 'time', { reportType: 'time_by_job_summary', summarizeColumnsBy: by })).toThrow(/offers no time report columns .*posts to no account/);
  });
});

describe('payroll summaries by every summarizeColumnsBy value', () => {
  const values = PAYROLL_COLUMNS.filter((c) => c !== 'total_only');
  const money = (v: string | null): number => toCents(v);
  it.each(['payroll_summary', 'employee_earnings_summary', 'payroll_liability_balances'].flatMap((t) => values.map((v) => [t, v])))('%s columns by %s add up to the total column of the one-column report, row by row', (reportType, by) => {
    const report = ask('reports.payrollSummary', { reportType, summarizeColumnsBy: by });
    const oneColumn = ask('reports.payrollSummary', { reportType, summarizeColumnsBy: 'total_only' });
    if (reportType === 'payroll_summary') {
      // Hours and amounts, each column of its own kind.
      for (const measure of ['amount', 'hours']) {
        const read = (row: Row, id: string): number => (measure === 'amount' ? money(cellOf(row, `${id}_${measure}`)) : Math.round(Number(cellOf(row, `${id}_${measure}`) ?? 0) * 100));
        const ids = (report['columns'] as { columnId: string }[]).map((c) => c.columnId).filter((id) => id.startsWith('column_') && id.endsWith(`_${measure}`)).map((id) => id.slice(0, -measure.length - 1));
        figureRows(report).forEach((row, i) => {
          expect(ids.reduce((s, id) => s + read(row, id), 0), `${by} ${measure} ${cellOf(row, 'label')}`).toBe(read(row, 'total'));
          expect(read(row, 'total')).toBe(read(figureRows(oneColumn)[i] as Row, 'total'));
        });
      }
    } else expectColumnsAddUp(report, oneColumn, money, 'total', `${reportType} by ${by}`);
    if (['employee', 'class', 'account', 'payroll_item_detail', 'month'].includes(by)) expect((report['columns'] as unknown[]).length, `${reportType} by ${by}`).toBeGreaterThan(3);
  });

  it('by employee, the payroll summary is its default layout', () => {
    expect(ask('reports.payrollSummary', { reportType: 'payroll_summary', summarizeColumnsBy: 'employee' })).toEqual(ask('reports.payrollSummary', { reportType: 'payroll_summary' }));
    expect(ask('reports.payrollSummary', { reportType: 'employee_earnings_summary', summarizeColumnsBy: 'payroll_item_detail' })).toEqual(ask('reports.payrollSummary', { reportType: 'employee_earnings_summary' }));
  });

  it('gross pay by class is what the paychecks of each class earned, from the documents', () => {
    const report = ask('reports.payrollSummary', { reportType: 'payroll_summary', summarizeColumnsBy: 'class' });
    const expected = new Map<string | null, number>();
    for (const check of all(file, 'ldg_paycheck')) {
      if (String(check['transactionDate']) < FROM || String(check['transactionDate']) > TO) continue;
      const key = (check['class'] as JsonObject | null)?.['fullName'] as string | undefined;
      const earned = (check['earnings'] as JsonObject[]).reduce((s, l) => s + toCents(String(l['amount'])), 0);
      expected.set(key ?? null, (expected.get(key ?? null) ?? 0) + earned);
    }
    const gross = report.rows.find((r) => cellOf(r, 'label') === 'Total Gross Pay') as Row;
    const ids = [...new Set((report['columns'] as { columnId: string }[]).map((c) => c.columnId.replace(/_(amount|hours)$/, '')).filter((id) => id.startsWith('column_')))];
    expect(new Map(ids.map((id) => [id === 'column_none' ? null : titleOf(report, `${id}_amount`), money(cellOf(gross, `${id}_amount`))]))).toEqual(expected);
    expect(expected.size).toBeGreaterThan(1);
  });

  it('by account, each line is under its account: a wage and a company tax its item’s expense account, a withheld tax its liability account', () => {
    const report = ask('reports.payrollSummary', { reportType: 'employee_earnings_summary', summarizeColumnsBy: 'account' });
    const total = totalRow(report);
    const items = new Map([...all(file, 'ldg_payroll_wage_item'), ...all(file, 'ldg_payroll_tax_item')].map((d) => [String(d['id']), d]));
    const expected = new Map<string, number>();
    const add = (account: string | null, cents: number): void => void expected.set(account ?? '', (expected.get(account ?? '') ?? 0) + cents);
    for (const check of all(file, 'ldg_paycheck')) {
      if (String(check['transactionDate']) < FROM || String(check['transactionDate']) > TO) continue;
      for (const l of check['earnings'] as JsonObject[]) add(refId(items.get(String(refId(l['payrollWageItem'])))?.['expenseAccount']), toCents(String(l['amount'])));
      for (const l of check['taxes'] as JsonObject[]) {
        const item = items.get(String(refId(l['payrollTaxItem'])));
        // Withheld taxes come off the pay: the earnings summary shows them negative.
        if (taxKindOf(item) === 'withheld') add(refId(item?.['liabilityAccount']), -toCents(String(l['amount'])));
        else add(refId(item?.['expenseAccount']), toCents(String(l['amount'])));
      }
    }
    const ids = new Map(all(file, 'ldg_account').map((a) => [String(a['fullName']), String(a['id'])]));
    const shown = new Map(columnIds(report).map((id) => [ids.get(titleOf(report, id) ?? '') ?? id, money(cellOf(total, id))]));
    expect(shown).toEqual(new Map([...expected].filter(([, cents]) => cents !== 0)));
    expect(shown.size).toBeGreaterThan(2);
  });
});
