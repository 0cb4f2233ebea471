import { normalSign } from '../books/specialAccounts.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import type { AccountFigures, Figures } from './accountRows.ts';
import type { ChartAccount, KeyedDay, PostingRow, ReportBooks } from './ReportBooks.ts';
import { axisRows } from './reportAxes.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { AmountColumn, AmountLayout } from './statementColumns.ts';

/**
 * Sums by account for the columns of a statement, from one read of the books: each column takes
 * the days (and the class or name) a figure asks for.
 */
export class ColumnSums {
  /** Sums per account and day (and class or name, for columns by one) when the filter allows (`ReportBooks.daySums`), else the postings. */
  private readonly rows: readonly Pick<PostingRow, 'account' | 'date' | 'cents'>[];
  /** The column value of a row, for columns of one value each. */
  private readonly keyOf: ((row: Pick<PostingRow, 'account' | 'date' | 'cents'>) => string | null) | undefined;
  private readonly cache = new Map<string, { all: Map<string, number>; byValue: Map<string | null, Map<string, number>> }>();

  constructor(
    private readonly books: ReportBooks,
    request: ReportRequest,
    private readonly layout: AmountLayout,
    /** Whether figures are asked for other days than the columns' own (a balance sheet's retained earnings): sums must then keep their day. */
    otherSpans = false,
  ) {
    const froms = layout.columns.map((c) => c.from);
    const from = froms.includes(null) ? null : froms.reduce((a, b) => (a !== null && b !== null && b < a ? b : a), froms[0] ?? null);
    const to = layout.columns.map((c) => c.to).reduce((a, b) => (b > a ? b : a), request.period.to);
    const range = { ...request.filter, from, to };
    const by = layout.columnsBy;
    if (!by) {
      this.rows = books.ledger.daySums(range) ?? books.ledger.postings(range);
      return;
    }
    const keyed = by.keyed;
    const keyedRows = keyed && books.ledger.keyedDaySums(range, keyed.field);
    // Rows are the books' keyed sums, sums by day and what the columns go by, or postings (a filter the sums do not keep): each carries its value its own way.
    if (keyed && keyedRows) {
      this.rows = keyedRows;
      this.keyOf = (r) => keyed.valueOf((r as KeyedDay).key);
      return;
    }
    // Columns of one value each over one span, asked for nothing else, need no sums by day (a whole history's days by terms took seconds).
    const oneSpan = layout.columns.every((c) => c.from === from && c.to === to);
    this.rows = axisRows(books, range, [by], otherSpans || !oneSpan);
    this.keyOf = (r) => by.valueOf(r as PostingRow);
  }

  private get columns(): readonly AmountColumn[] {
    return this.layout.columns;
  }

  /**
   * Debits less credits by account in column `i`, on the days from `from` to `to`. One pass over
   * the postings per span of days serves every column: by value (class, name) and in all.
   */
  sums(i: number, from: string | null, to: string): Map<string, number> {
    const key = `${from} ${to}`;
    let span = this.cache.get(key);
    if (!span) {
      span = { all: new Map(), byValue: new Map() };
      const by = this.layout.columnsBy;
      const keyOf = this.keyOf;
      for (const p of this.rows) {
        if (p.date > to || (from !== null && p.date < from)) continue;
        span.all.set(p.account, (span.all.get(p.account) ?? 0) + p.cents);
        if (!by || !keyOf) continue;
        const value = keyOf(p);
        let sums = span.byValue.get(value);
        if (!sums) span.byValue.set(value, (sums = new Map()));
        sums.set(p.account, (sums.get(p.account) ?? 0) + p.cents);
      }
      this.cache.set(key, span);
    }
    const column = this.columns[i];
    return column?.value === undefined ? span.all : span.byValue.get(column.value) ?? new Map();
  }

  /** Each account's figures, one per column, on its natural side; `range` says which days a column's figure of an account covers. */
  figures(range: (c: AmountColumn, account: ChartAccount) => { from: string | null; to: string }): AccountFigures {
    const own = new Map<string, Figures>();
    const active = new Set<string>();
    for (const account of this.books.accounts) {
      const f = this.columns.map((c, i) => {
        const { from, to } = range(c, account);
        const sums = this.sums(i, from, to);
        if (sums.has(account.id)) active.add(account.id);
        return (sums.get(account.id) ?? 0) * normalSign(account.accountType);
      });
      own.set(account.id, f);
    }
    return { own: (id) => own.get(id), active: (id) => active.has(id) };
  }

  /** What profit and loss accounts added up to in each column, debits less credits, on the days a column's `range` gives. */
  profitAndLoss(range: (c: AmountColumn) => { from: string | null; to: string }): number[] {
    return this.columns.map((c, i) => {
      const { from, to } = range(c);
      let cents = 0;
      for (const [id, v] of this.sums(i, from, to)) if (isProfitAndLoss(this.books.accountById.get(id)?.accountType ?? '')) cents += v;
      return cents;
    });
  }
}
