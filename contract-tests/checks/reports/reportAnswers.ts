import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckFailure, describeExchange } from '../../runner/CheckFailure.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/** A report answer as the checks read it. */
export interface Report {
  columns: { columnId: string; columnType: string; dataType: string | null }[];
  rows: { kind: string; rowNumber: number; text?: string | null; cells?: { columnId: string; value: string | null; dataType: string | null }[] }[];
  rowCount: number | null;
  columnCount: number | null;
  [key: string]: unknown;
}

export const isReportOperation = (op: SpecOperation): boolean => op.method === 'GET' && op.path.startsWith('/ledger-desktop/reports/');

/** The report types an endpoint takes, from its `reportType` enum. */
export const reportTypesOf = (op: SpecOperation): string[] => (op.parameters.find((p) => p.in === 'query' && p.name === 'reportType')?.schema.enum ?? []).map(String);

/** Of a required enum, the value that asks least of a report: one total column, rows by account; else the first. */
const plainest = (values: string[]): string => ['total_only', 'account'].find((v) => values.includes(v)) ?? values[0] ?? '';

/** Required parameters besides the report type, each with a value the spec allows (a fiscal year: the target's this year). */
export function requiredParameters(op: SpecOperation, thisYear: number): Record<string, string> {
  return Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'query' && p.required && p.name !== 'reportType')
      .map((p) => [p.name, p.name === 'fiscalYear' ? String(thisYear) : plainest((p.schema.enum ?? p.schema.items?.enum ?? []).map(String))]),
  );
}

/** A desktop error saying the company file has not turned the feature on (payroll, budgets...): not a broken rule. */
export function isFeatureNotEnabled(exchange: Exchange): boolean {
  const error = (exchange.json as { error?: { integrationCode?: unknown } } | undefined)?.error;
  return exchange.status === 502 && error?.integrationCode === '3250';
}

/** Runs one report; anything but a 200 report fails the check. */
export async function runReport(ctx: CheckContext, family: string, query: Record<string, string>): Promise<{ report: Report; exchange: Exchange }> {
  const exchange = await ctx.client.send({ path: `/ledger-desktop/reports/${family}`, query });
  const body = exchange.json as Report | undefined;
  if (exchange.status !== 200 || !body || !Array.isArray(body.rows)) throw new CheckFailure(`a ${query['reportType']} report (HTTP 200)`, describeExchange(exchange), exchange);
  return { report: body, exchange };
}

const cents = (value: string | null | undefined): number => (value ? Math.round(Number(value) * 100) : 0);

/** The amounts of a row, left to right, in cents (blank cells left out). */
export function amountsOf(report: Report, row: Report['rows'][number]): number[] {
  const amountColumns = new Set(report.columns.filter((c) => c.dataType === 'amount').map((c) => c.columnId));
  return (row.cells ?? []).filter((c) => amountColumns.has(c.columnId) && c.value !== null && c.value !== '').map((c) => cents(c.value));
}

/** The cents of a row's cell in the first column of a type (`amount`, `debit`). */
export function cellOf(report: Report, row: Report['rows'][number] | undefined, columnType: string): number {
  const column = report.columns.find((c) => c.columnType === columnType)?.columnId;
  return cents(row?.cells?.find((c) => c.columnId === column)?.value);
}

export const totalRows = (report: Report): Report['rows'] => report.rows.filter((r) => r.kind === 'total');
