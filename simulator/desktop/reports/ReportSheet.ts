import type { JsonObject } from '../json.ts';

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
const SHARED_COLUMNS = {
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

export type SharedColumn = keyof typeof SHARED_COLUMNS;

/** What a row is about: an account, a customer, an item, a transaction, or a label of the layout. */
export interface RowDescriptor {
  type: string;
  value: string | null;
}

type RowKind = 'data' | 'subtotal' | 'total';

/** Cells by column id; a column left out is blank. */
export type Cells = Readonly<Record<string, string | null | undefined>>;

/**
 * One report as the desktop application lays it out: columns left to right, rows top to bottom
 * (headings, data, subtotals, totals), numbered from 1 in the order they are added. `toJson` writes
 * the Service's `ldg_report`: every data, subtotal and total row has a cell for every column.
 */
export class ReportSheet {
  private readonly columns: Column[] = [];
  private readonly rows: JsonObject[] = [];

  constructor(private readonly head: { category: string; reportType: string; title: string; subtitle: string; basis: 'accrual' | 'cash' | null }) {}

  addColumn(column: Column): this {
    this.columns.push(column);
    return this;
  }

  /** The label column (what each row is), then columns whose type is their id, left to right: a shared one by id, or `[id, heading, dataType]`. */
  addColumns(columns: readonly (SharedColumn | readonly [id: string, heading: string, dataType: DataType])[]): this {
    this.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
    for (const c of columns) {
      const [id, heading, dataType] = typeof c === 'string' ? [c, ...SHARED_COLUMNS[c]] : c;
      this.addColumn({ id, type: id, dataType, titles: [heading] });
    }
    return this;
  }

  get columnIds(): string[] {
    return this.columns.map((c) => c.id);
  }

  text(text: string): this {
    this.rows.push({ kind: 'text', rowNumber: this.rows.length + 1, text });
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
    this.rows.push({
      kind,
      rowNumber: this.rows.length + 1,
      rowDescriptor: descriptor ? { type: descriptor.type, value: descriptor.value } : null,
      cells: this.columns.map((c) => ({ columnId: c.id, value: cells[c.id] ?? null, dataType: c.dataType })),
    });
    return this;
  }

  toJson(): JsonObject {
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
      rows: this.rows,
    };
  }
}
