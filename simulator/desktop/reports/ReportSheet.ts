import type { JsonObject } from '../values/json.ts';

/** What a column holds: the desktop's kinds, written as the Service writes enums. */
export type DataType = 'string' | 'amount' | 'date' | 'quantity' | 'price' | 'percent';

export interface Column {
  id: string;
  /** What the column is (`label`, `amount`, `debit`, `date`, `transaction_type`...). */
  type: string;
  dataType: DataType;
  /** Its heading, one entry per title row (null where the row is blank for it). */
  titles: readonly (string | null)[];
}

/** Columns many reports share, by id (which is also their type): their heading and what they hold. */
export const SHARED_HEADINGS = {
  date: ['Date', 'date'],
  transaction_type: ['Type', 'string'],
  ref_number: ['Num', 'string'],
  name: ['Name', 'string'],
  quantity_on_hand: ['On Hand', 'quantity'],
  amount: ['Amount', 'amount'],
  account: ['Account', 'string'],
  value_on_hand: ['Asset Value', 'amount'],
  running_balance: ['Balance', 'amount'],
  memo: ['Memo', 'string'],
  item: ['Item', 'string'],
  debit: ['Debit', 'amount'],
  credit: ['Credit', 'amount'],
  description: ['Description', 'string'],
} as const satisfies Record<string, readonly [string, DataType]>;

export type SharedColumn = keyof typeof SHARED_HEADINGS;

/** What a row is about: an account, a customer, an item, a transaction, or a label of the layout. */
export interface RowDescriptor {
  type: string;
  value: string | null;
}

type RowKind = 'data' | 'subtotal' | 'total';

/**
 * A row as the sheet keeps it: its cells' values in the order of the columns there were when it
 * was added, not an object per cell (a ledger of 80,000 rows made 700,000 of them to collect).
 * Its number is its place.
 */
type SheetRow = { kind: 'text'; text: string } | { kind: RowKind; descriptor: RowDescriptor | null; values: (string | null)[] };

/** Cells by column id; a column left out is blank. */
export type Cells = Readonly<Record<string, string | null | undefined>>;

/**
 * More rows than this is not a report a person reads or a client holds well (about 30 MB of JSON):
 * the request is refused with how to narrow it instead (`runReport`), as 1,000 columns are.
 */
export const MAX_ROWS = 100_000;

/** A report that would have more than MAX_ROWS rows; `rows`: how many it would have, at least. */
export class TooManyRows extends Error {
  constructor(readonly rows: number) {
    super(`more than ${MAX_ROWS} rows`);
  }
}

/** A report's JSON in parts: everything but the rows, then each row's own JSON (`ReportSheet.jsonParts`). */
export interface ReportJsonParts {
  head: JsonObject;
  rowCount: number;
  rowJson(index: number): string;
}

/**
 * One report as the desktop application lays it out: columns left to right, rows top to bottom
 * (headings, data, subtotals, totals), numbered from 1 in the order they are added. `toJson` writes
 * the Service's `ldg_report`: every data, subtotal and total row has a cell for every column.
 */
export class ReportSheet {
  private readonly columns: Column[] = [];
  private readonly rows: SheetRow[] = [];

  constructor(private readonly head: { category: string; reportType: string; title: string; subtitle: string; basis: 'accrual' | 'cash' | null }) {}

  addColumn(column: Column): this {
    this.columns.push(column);
    return this;
  }

  /** The label column (what each row is), then columns whose type is their id, left to right: a shared one by id, or `[id, heading, dataType]`. */
  addColumns(columns: readonly (SharedColumn | readonly [id: string, heading: string, dataType: DataType])[]): this {
    this.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
    for (const c of columns) {
      const [id, heading, dataType] = typeof c === 'string' ? [c, ...SHARED_HEADINGS[c]] : c;
      this.addColumn({ id, type: id, dataType, titles: [heading] });
    }
    return this;
  }

  get columnIds(): string[] {
    return this.columns.map((c) => c.id);
  }

  /**
   * Refuses now a report that will add `rows` rows past the limit, before they are read: for a
   * layout that knows its length from the books' sums (a ledger's lines are its postings).
   */
  reserve(rows: number): this {
    if (this.rows.length + rows > MAX_ROWS) throw new TooManyRows(this.rows.length + rows);
    return this;
  }

  text(text: string): this {
    this.reserve(1);
    this.rows.push({ kind: 'text', text });
    return this;
  }

  data(descriptor: RowDescriptor | null, cells: Cells): this {
    return this.row('data', descriptor, cells);
  }

  subtotal(descriptor: RowDescriptor | null, cells: Cells): this {
    return this.row('subtotal', descriptor, cells);
  }

  total(descriptor: RowDescriptor | null, cells: Cells): this {
    return this.row('total', descriptor, cells);
  }

  private row(kind: RowKind, descriptor: RowDescriptor | null, cells: Cells): this {
    this.reserve(1);
    this.rows.push({ kind, descriptor: descriptor ? { type: descriptor.type, value: descriptor.value } : null, values: this.columns.map((c) => cells[c.id] ?? null) });
    return this;
  }

  /**
   * What the request keeps of the layout: `detailLevel` `summary_only` drops the data rows (the
   * headings, subtotals and totals stay), `all_except_summary` drops the subtotals and totals;
   * `columnsToReturn` `non_zero` or `active_only` drops the amount (and hours) columns of summarized columns
   * (`column_*`) that are zero or blank in every row. Rows are numbered again.
   */
  keep(detailLevel: unknown, columnsToReturn: unknown): this {
    const drop = detailLevel === 'summary_only' ? new Set(['data']) : detailLevel === 'all_except_summary' ? new Set(['subtotal', 'total']) : new Set<string>();
    // In place, one row at a time: a whole history's detail report has hundreds of thousands of rows,
    // more than a call's arguments can hold (a spread into splice overflowed the stack).
    if (drop.size > 0) {
      let kept = 0;
      for (const row of this.rows) if (!drop.has(row.kind)) this.rows[kept++] = row;
      this.rows.length = kept;
    }
    if (columnsToReturn !== 'non_zero' && columnsToReturn !== 'active_only') return this;
    const empty = new Set(
      this.columns
        .map((c, place) => ({ c, place }))
        .filter(({ c }) => c.id.startsWith('column_') && (c.dataType === 'amount' || c.dataType === 'quantity'))
        .filter(({ place }) => this.rows.every((r) => r.kind === 'text' || (r.values[place] ?? null) === null || Number(r.values[place]) === 0))
        .map(({ place }) => place),
    );
    if (empty.size === 0) return this;
    const columns = this.columns.filter((_, place) => !empty.has(place));
    this.columns.length = 0;
    for (const column of columns) this.columns.push(column);
    for (const r of this.rows) if (r.kind !== 'text') r.values = r.values.filter((_, place) => !empty.has(place));
    return this;
  }

  /** Everything the Service's `ldg_report` holds but its rows, which come last. */
  private headJson(): JsonObject {
    const titleRows = Math.max(0, ...this.columns.map((c) => c.titles.length));
    return {
      objectType: 'ldg_report',
      category: this.head.category,
      reportType: this.head.reportType,
      title: this.head.title,
      subtitle: this.head.subtitle,
      basis: this.head.basis,
      rowCount: this.rows.length,
      columnCount: this.columns.length,
      columnTitleRowCount: titleRows,
      columns: this.columns.map((c) => ({
        columnId: c.id,
        columnType: c.type,
        dataType: c.dataType,
        titles: Array.from({ length: titleRows }, (_, i) => ({ rowNumber: i + 1, value: c.titles[i] ?? null })),
      })),
    };
  }

  private rowObject(index: number): JsonObject {
    const row = this.rows[index] as SheetRow;
    if (row.kind === 'text') return { kind: 'text', rowNumber: index + 1, text: row.text };
    return {
      kind: row.kind,
      rowNumber: index + 1,
      rowDescriptor: row.descriptor ? { type: row.descriptor.type, value: row.descriptor.value } : null,
      cells: row.values.map((value, place) => ({ columnId: this.columns[place]?.id ?? '', value, dataType: this.columns[place]?.dataType ?? 'string' })),
    };
  }

  toJson(): JsonObject {
    return { ...this.headJson(), rows: this.rows.map((_, index) => this.rowObject(index)) };
  }

  /**
   * The report's JSON (`JSON.stringify(toJson())` byte for byte) as a head, the rows' count and each
   * row's JSON, written from the kept values with each column's fixed text made once: no object per
   * row or cell (`jsonSlices` writes it a slice at a time).
   */
  jsonParts(): ReportJsonParts {
    const cellStart = this.columns.map((c) => `{"columnId":${JSON.stringify(c.id)},"value":`);
    const cellEnd = this.columns.map((c) => `,"dataType":${JSON.stringify(c.dataType)}}`);
    const text = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));
    return {
      head: this.headJson(),
      rowCount: this.rows.length,
      rowJson: (index) => {
        const row = this.rows[index] as SheetRow;
        if (row.kind === 'text') return `{"kind":"text","rowNumber":${index + 1},"text":${JSON.stringify(row.text)}}`;
        const d = row.descriptor;
        // A descriptor's value left undefined is left out, as JSON.stringify leaves it.
        const descriptor = d ? `{"type":${JSON.stringify(d.type)}${d.value === undefined ? '' : `,"value":${text(d.value)}`}}` : 'null';
        let cells = '';
        for (let place = 0; place < row.values.length; place++) cells += `${place > 0 ? ',' : ''}${cellStart[place] ?? ''}${text(row.values[place] ?? null)}${cellEnd[place] ?? ''}`;
        return `{"kind":"${row.kind}","rowNumber":${index + 1},"rowDescriptor":${descriptor},"cells":[${cells}]}`;
      },
    };
  }
}
