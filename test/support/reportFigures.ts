import { toCents } from '../../simulator/desktop/values/money.ts';

/** A report answer as tests read it. */
export interface ReportJson {
  rows: { kind: string; text?: string; rowDescriptor?: { type: string | null; value: string | null } | null; cells?: { columnId: string; value: string | null }[] }[];
  [key: string]: unknown;
}

const valueOf = (row: ReportJson['rows'][number], column: string): string | null => row.cells?.find((c) => c.columnId === column)?.value ?? null;

/** The rows whose label cell says `label`, of a kind when given. */
export function rowsLabelled(report: ReportJson, label: string, kind?: string): ReportJson['rows'] {
  return report.rows.filter((r) => (kind === undefined || r.kind === kind) && valueOf(r, 'label') === label);
}

/** The cents of one cell of the one row labelled so; 0 when the report has no such row (an empty section). */
export function figure(report: ReportJson, label: string, column = 'total'): number {
  const rows = rowsLabelled(report, label);
  if (rows.length > 1) throw new Error(`${rows.length} rows are labelled "${label}"`);
  const row = rows[0];
  return row ? toCents(valueOf(row, column)) : 0;
}

/** Cents of a column of every data row of a kind of descriptor, by the descriptor's value. */
export function figuresBy(report: ReportJson, descriptorType: string, column: string, kind = 'data'): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of report.rows) if (r.kind === kind && r.rowDescriptor?.type === descriptorType) out.set(String(r.rowDescriptor.value), toCents(valueOf(r, column)));
  return out;
}
