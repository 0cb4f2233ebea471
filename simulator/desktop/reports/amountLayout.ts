import type { PostingSumKeys } from '../storage/LedgerReads.ts';
import type { PostingRow } from './ReportBooks.ts';

/** Figures of one row, one per amount column, in cents as shown (signs already turned for the reader). */
export type Figures = number[];

/** One amount column of a statement: its heading, the days its figures cover, and which postings it takes. */
export interface AmountColumn {
  id: string;
  title: string;
  from: string | null;
  to: string;
  /** For a column of one class or name: the value it takes (null: postings with none). Absent: every posting. */
  value?: string | null;
}

/** A column computed from the others of its row (a change between two periods). */
export interface DerivedColumn {
  id: string;
  title: string;
  /** What it is (`change`, `percent_change`); absent: its id. */
  type?: string;
  /** The amount column it follows; absent: after every amount column. */
  after?: string;
  dataType: 'amount' | 'percent';
  /** Cents for an amount, a percentage for a percent; null leaves the cell blank. */
  of(figures: Figures): number | null;
}

export interface AmountLayout {
  columns: AmountColumn[];
  derived: DerivedColumn[];
  /** For columns of one value each (a class, a name, terms...): what value a posting has. */
  columnsBy?: ColumnsBy;
}

export interface ColumnsBy {
  /** The column value of a posting, or of a sum of postings by day that keeps `sums`. */
  valueOf(p: PostingRow): string | null;
  /** What sums by day must keep for `valueOf` to read one (`ReportBooks.postingSums`); absent: postings are read (`reportAxes.axisRows`). */
  sums?: PostingSumKeys;
  onlyTypes?: ReadonlySet<string>;
  /** When the value follows from a field the books' day sums keep (class, name): that field, and the value of its key. */
  keyed?: { field: 'class' | 'entity'; valueOf(key: string | null): string | null };
}
