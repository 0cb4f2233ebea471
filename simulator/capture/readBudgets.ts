import type { HttpClient } from '../../contract-tests/runner/httpClient.ts';
import { isJsonObject, type JsonObject } from '../desktop/values/json.ts';
import type { CaptureState } from './CaptureState.ts';

const BUDGET_REPORT = '/ledger-desktop/reports/budget-summary';
const KINDS = [
  { budgetType: 'profit_and_loss', reportType: 'profit_and_loss_budget_overview', title: 'Profit & Loss' },
  { budgetType: 'balance_sheet', reportType: 'balance_sheet_budget_overview', title: 'Balance Sheet' },
] as const;
/** Each criterion, the collection its section rows name (none: one section), and how its budgets are titled. */
const CRITERIA = [
  { criterion: 'accounts', rowsBy: 'account', collection: undefined, field: undefined, title: 'by Account' },
  { criterion: 'accounts_and_classes', rowsBy: 'class', collection: 'classes', field: 'class', title: 'by Account and Class' },
  { criterion: 'accounts_and_customers', rowsBy: 'customer', collection: 'customers', field: 'customer', title: 'by Account and Customer:Job' },
] as const;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

interface ReportRow {
  kind?: string;
  text?: string;
  rowDescriptor?: { type?: string; value?: string } | null;
  cells?: { columnId?: string; value?: string | null }[];
}

/** Objects of a collection read so far, by full name (what report rows name them by). */
function byFullName(state: CaptureState, collection: string): Map<string, JsonObject> {
  return new Map((state.types[collection]?.objects ?? []).map((o) => [String(o['fullName'] ?? o['name']), o]));
}

/** The years the books' transactions span, and the one after (a budget made for the year ahead). */
function yearsOf(state: CaptureState): number[] {
  const years = Object.values(state.types).flatMap((t) => t.objects.map((o) => Number(String(o['transactionDate'] ?? '').slice(0, 4)))).filter((y) => y > 1900);
  if (years.length === 0) return [];
  const [first, last] = [Math.min(...years), Math.max(...years)];
  return Array.from({ length: last - first + 2 }, (_, i) => first + i);
}

/**
 * The lines a budget overview shows, by month: its columns are the fiscal year's months in order
 * (`column_1_budget` the first), each data row an account, under a text row naming the section's
 * class or customer when the criterion has one.
 */
function linesOf(rows: readonly ReportRow[], year: number, firstMonth: number, accounts: Map<string, JsonObject>, sections: Map<string, JsonObject> | undefined, field: string | undefined): JsonObject[] {
  const monthOf = (columnId: string): string | undefined => {
    const n = /^column_(\d+)_budget$/.exec(columnId)?.[1];
    if (n === undefined || Number(n) > 12) return undefined;
    const index = firstMonth + Number(n) - 1;
    return `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  const lines: JsonObject[] = [];
  let section: JsonObject | undefined;
  for (const row of rows) {
    if (row.kind === 'text' && sections?.has(String(row.text))) section = sections.get(String(row.text));
    if (row.kind !== 'data' || row.rowDescriptor?.type !== 'account') continue;
    const account = accounts.get(String(row.rowDescriptor.value));
    if (!account || (sections && !section)) continue;
    for (const cell of row.cells ?? []) {
      const month = monthOf(String(cell.columnId));
      if (month === undefined || typeof cell.value !== 'string') continue;
      lines.push({
        account: { id: account['id'] ?? null, fullName: account['fullName'] ?? null },
        class: field === 'class' && section ? { id: section['id'] ?? null, fullName: section['fullName'] ?? null } : null,
        customer: field === 'customer' && section ? { id: section['id'] ?? null, fullName: section['fullName'] ?? null } : null,
        month,
        amount: cell.value,
      });
    }
  }
  return lines;
}

/**
 * Budgets have no read in the API, but its budget reports show them whole: for every fiscal year
 * the transactions span and the next, each kind (profit and loss, balance sheet) and criterion's
 * overview is read, one request each, and its rows made into the budget's lines again, under a
 * name of the desktop's pattern (the report does not show the budget's own). Kept in the state as
 * the collection `budgets`, as the API would show budgets if it read them.
 */
export async function readBudgets(client: HttpClient, state: CaptureState, notes: string[]): Promise<void> {
  if (state.types['budgets']?.done) return;
  const accounts = byFullName(state, 'accounts');
  const company = state.singletons['company'];
  const firstMonth = Math.max(0, MONTHS.indexOf(String(company?.['fiscalYearStartMonth'] ?? 'january')));
  const offset = /[+-]\d\d:\d\d$/.exec(String([...accounts.values()][0]?.['createdAt'] ?? ''))?.[0] ?? '';
  const budgets: JsonObject[] = [];
  const refused: string[] = [];
  for (const year of yearsOf(state)) {
    for (const kind of KINDS) {
      for (const how of CRITERIA) {
        const query = { reportType: kind.reportType, fiscalYear: String(year), budgetCriterion: how.criterion, summarizeRowsBy: how.rowsBy };
        const exchange = await client.send({ path: BUDGET_REPORT, query });
        state.requests += 1;
        const rows = isJsonObject(exchange.json) && Array.isArray(exchange.json['rows']) ? (exchange.json['rows'] as ReportRow[]) : undefined;
        if (exchange.status !== 200 || !rows) {
          refused.push(`${kind.reportType} ${how.criterion} FY${year} (HTTP ${exchange.status})`);
          continue;
        }
        const lines = linesOf(rows, year, firstMonth, accounts, how.collection ? byFullName(state, how.collection) : undefined, how.field);
        if (lines.length === 0) continue;
        // Made, as an owner makes them, in the December before the year (in the machine's offset, as every time it shows).
        const createdAt = `${year - 1}-12-12T12:${String(budgets.length % 60).padStart(2, '0')}:00${offset}`;
        budgets.push({ id: `budget-${year}-${kind.budgetType}-${how.criterion}`, objectType: 'ldg_budget', createdAt, name: `FY${year} - ${kind.title} ${how.title}`, isActive: true, fiscalYear: String(year), budgetType: kind.budgetType, budgetCriterion: how.criterion, lines });
      }
    }
  }
  if (refused.length > 0) notes.push(`budgets: some budget reports were refused, their budgets not captured: ${refused.join('; ')}`);
  state.types['budgets'] = { done: true, objects: budgets };
}
