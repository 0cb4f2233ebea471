import { REPORT_TYPES } from '../simulator/desktop/reports/reportTypes.ts';
import type { OperationSpec, ParameterSpec } from '../simulator/spec/types.ts';

/** A period of a report request, as query parameters: the whole history, or dates from and to. */
export interface ReportPeriod {
  name: string;
  query: Readonly<Record<string, string>>;
}

export interface ReportRequest {
  family: string;
  reportType: string;
  period: string;
  /** Path and query as sent, `/v1` included. */
  path: string;
}

/** One total, rows by account, else the first value the spec lists: what asks the least of a report. */
function plainest(values: readonly unknown[]): string {
  return ['total_only', 'account'].find((v) => values.includes(v)) ?? String(values[0] ?? '');
}

/**
 * The required parameters of a family other than `reportType`, at their plainest value (the idea of
 * test/large/everyReportLarge.test.ts, kept here so the bench does not reach into test/). Budget
 * reports take `fiscalYear`, which has no list of values to pick from.
 */
function requiredQuery(parameters: readonly ParameterSpec[], fiscalYear: number): [string, string][] {
  return parameters
    .filter((p) => p.in === 'query' && p.required && p.name !== 'reportType')
    .flatMap((p): [string, string][] => {
      if (p.name === 'fiscalYear') return [[p.name, String(fiscalYear)]];
      const values = p.schema.type === 'array' ? (p.schema.items?.enum ?? []) : (p.schema.enum ?? []);
      return [[p.name, plainest(values)]];
    });
}

/**
 * Every report type ledger-sim computes, once per period, as GET paths of its family's endpoint. A
 * family the spec does not serve is an error: the bench would otherwise time 404s.
 */
export function reportRequests(operations: ReadonlyMap<string, OperationSpec>, periods: readonly ReportPeriod[], fiscalYear: number): ReportRequest[] {
  const byPath = new Map([...operations.values()].filter((o) => o.method === 'get').map((o) => [o.path, o]));
  return Object.entries(REPORT_TYPES)
    .map(([reportType, row]) => ({ reportType, family: row.category.replaceAll('_', '-') }))
    .sort((a, b) => a.family.localeCompare(b.family) || a.reportType.localeCompare(b.reportType))
    .flatMap(({ reportType, family }) => {
      const op = byPath.get(`/ledger-desktop/reports/${family}`);
      if (!op) throw new Error(`the spec has no GET /ledger-desktop/reports/${family} for ${reportType}`);
      return periods.map((period) => {
        const query = new URLSearchParams([['reportType', reportType], ...requiredQuery(op.parameters, fiscalYear), ...Object.entries(period.query)]);
        return { family, reportType, period: period.name, path: `/v1/ledger-desktop/reports/${family}?${query.toString()}` };
      });
    });
}
