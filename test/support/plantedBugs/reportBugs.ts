import { isObject, jsonOf, onResponse, withJson, type Json, type PlantedBug, type ProxyRequest, type ProxyResponse } from './proxyExchange.ts';

type Row = Json & { kind: string; cells?: (Json & { columnId: string; value: string | null })[] };

/** A bug that changes one kind of report answered with 200: `change` edits the body in place. */
function inReports(matches: (request: ProxyRequest) => boolean, change: (report: Json & { rows: Row[] }) => void): () => ReturnType<ReturnType<typeof onResponse>> {
  return onResponse((response: ProxyResponse, request) => {
    const body = jsonOf(response);
    if (request.method !== 'GET' || !request.url.pathname.includes('/reports/') || response.status !== 200 || !body || !Array.isArray(body['rows']) || !matches(request)) return response;
    const report = { ...body, rows: (body['rows'] as unknown[]).filter(isObject) as Row[] };
    change(report);
    return withJson(response, report);
  });
}

const reportType = (type: string) => (request: ProxyRequest): boolean => request.url.searchParams.get('reportType') === type;

/** Adds cents to a cell of a row, as a report summed with one posting counted twice or left out would. */
function shift(row: Row | undefined, columnId: string, cents: number): void {
  const cell = row?.cells?.find((c) => c.columnId === columnId);
  if (cell && typeof cell.value === 'string') cell.value = ((Math.round(Number(cell.value) * 100) + cents) / 100).toFixed(2);
}

const lastTotal = (report: { rows: Row[] }): Row | undefined => report.rows.filter((r) => r.kind === 'total').at(-1);

type ReportBug = 'trial-balance-off-by-a-cent' | 'balance-sheet-unbalanced' | 'report-row-count-off' | 'receivables-ledger-stale' | 'aging-misses-a-bucket';

export const REPORT_BUGS: Readonly<Record<ReportBug, PlantedBug>> = {
  'trial-balance-off-by-a-cent': {
    does: "adds a cent to the trial balance's total credits, as a rounding that differs per side would",
    handler: inReports(reportType('trial_balance'), (report) => shift(lastTotal(report), 'credit', 1)),
  },
  'balance-sheet-unbalanced': {
    does: "adds 100.00 to the balance sheet's total liabilities and equity, as a net income counted twice would",
    handler: inReports(reportType('balance_sheet_standard'), (report) => shift(lastTotal(report), 'total', 10_000)),
  },
  'report-row-count-off': {
    does: 'answers every report with a rowCount one more than its rows',
    handler: inReports(() => true, (report) => {
      report['rowCount'] = (report.rows.length ?? 0) + 1;
    }),
  },
  'aging-misses-a-bucket': {
    does: "leaves its largest aging column out of the A/R aging summary's total, as an aging that forgets a column would",
    handler: inReports(reportType('ar_aging_summary'), (report) => {
      const total = lastTotal(report);
      const buckets = (total?.cells ?? []).filter((c) => c.columnId !== 'label' && c.columnId !== 'total').map((c) => Math.round(Number(c.value ?? 0) * 100));
      const largest = buckets.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
      shift(total, 'total', -largest);
    }),
  },
  'receivables-ledger-stale': {
    does: "adds 25.00 to the general ledger's receivables total, as a ledger that misses a payment would",
    handler: inReports((request) => reportType('general_ledger')(request) && request.url.searchParams.get('accountType') === 'accounts_receivable', (report) => shift(lastTotal(report), 'amount', 2_500)),
  },
};
