import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { isFeatureNotEnabled, isReportOperation, reportTypesOf, requiredParameters, type Report } from './reportAnswers.ts';

/** What the schema cannot say about a report: its counts and numbering agree with its rows and columns. */
function layoutProblem(report: Report): string | undefined {
  if (report.rowCount !== report.rows.length) return `rowCount ${report.rowCount} for ${report.rows.length} rows`;
  if (report.columnCount !== report.columns.length) return `columnCount ${report.columnCount} for ${report.columns.length} columns`;
  const ids = report.columns.map((c) => c.columnId).join();
  for (const [i, row] of report.rows.entries()) {
    if (row.rowNumber !== i + 1) return `row ${i + 1} is numbered ${row.rowNumber}`;
    if (row.kind !== 'text' && (row.cells ?? []).map((c) => c.columnId).join() !== ids) return `row ${row.rowNumber} has cells for ${(row.cells ?? []).map((c) => c.columnId).join()}, not for the columns ${ids}`;
  }
  return undefined;
}

export const reportShape: OperationCheck = {
  id: 'reports.shape',
  area: 'reports',
  rule: 'Every report type answers 200 with a report the spec allows, whose counts and row numbers agree with its rows and columns (a feature the company file has not enabled, 3250, is noted)',
  applies: isReportOperation,
  async run(ctx, op) {
    const notEnabled: string[] = [];
    // A budget report needs a fiscal year; the runner's year is the one a real target is in.
    const thisYear = new Date().getUTCFullYear();
    for (const reportType of reportTypesOf(op)) {
      const exchange = await ctx.client.send({ path: op.path, query: { reportType, ...requiredParameters(op, thisYear) } });
      if (isFeatureNotEnabled(exchange)) {
        notEnabled.push(reportType);
        continue;
      }
      expectThat(exchange.status === 200, `HTTP 200 for ${reportType}`, describeExchange(exchange), exchange);
      expectThat(op.validateResponse?.(exchange.json) === true, `a ${reportType} report the spec allows`, JSON.stringify(op.validateResponse?.errors?.slice(0, 2)), exchange);
      const problem = layoutProblem(exchange.json as Report);
      expectThat(problem === undefined, `a ${reportType} report whose counts agree with its rows`, problem ?? '', exchange);
    }
    if (notEnabled.length === reportTypesOf(op).length) throw new CheckSkip(`the company file has none of its ${notEnabled.length} report types enabled (3250)`);
  },
};
