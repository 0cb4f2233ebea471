import { fromCents } from '../values/money.ts';
import type { AmountLayout, Figures } from './amountLayout.ts';
import type { ChartAccount } from './ReportBooks.ts';
import type { RowsToReturn } from './ReportRequest.ts';
import type { Cells, ReportSheet } from './ReportSheet.ts';

export type { Figures } from './amountLayout.ts';

export const addFigures = (a: Figures, b: Figures): Figures => a.map((v, i) => v + (b[i] ?? 0));
export const subtractFigures = (a: Figures, b: Figures): Figures => a.map((v, i) => v - (b[i] ?? 0));
export const zeroFigures = (n: number): Figures => Array.from({ length: n }, () => 0);
export const isZero = (f: Figures): boolean => f.every((v) => v === 0);

/** The cells of a row: its label, its figures under the amount columns, then what the layout derives from them. */
export function figureCells(label: string, layout: AmountLayout, figures: Figures): Cells {
  const cells: Record<string, string | null> = { label };
  layout.columns.forEach((c, i) => {
    cells[c.id] = fromCents(figures[i] ?? 0, 'A report total');
  });
  for (const d of layout.derived) {
    const value = d.of(figures);
    cells[d.id] = value === null ? null : d.dataType === 'percent' ? `${value.toFixed(1)}%` : fromCents(value, 'A report total');
  }
  return cells;
}

/** What a report knows of each account: its own figures, and whether it had postings at all in the report. */
export interface AccountFigures {
  own(id: string): Figures | undefined;
  active(id: string): boolean;
}

/**
 * The rows of a set of accounts, parents before their children: an account with accounts under
 * it shown is a heading, its children, its own amount as "<name> - Other" when it has one, and
 * "Total <name>". `rowsToReturn` decides which accounts show: those with postings, those whose
 * figures are not zero, or all. Returns the figures of everything shown, added up.
 */
export function accountRows(sheet: ReportSheet, roots: readonly ChartAccount[], byId: ReadonlyMap<string, ChartAccount>, figures: AccountFigures, layout: AmountLayout, rows: RowsToReturn): Figures {
  const empty = zeroFigures(layout.columns.length);
  const total = (a: ChartAccount): { figures: Figures; shown: boolean } => {
    let sum = figures.own(a.id) ?? empty;
    let shown = rows === 'all' ? a.isActive || !isZero(sum) : rows === 'non_zero' ? !isZero(sum) : figures.active(a.id);
    for (const child of a.children) {
      const c = byId.get(child);
      if (!c) continue;
      const t = total(c);
      sum = addFigures(sum, t.figures);
      shown ||= t.shown;
    }
    if (rows === 'non_zero') shown = !isZero(sum);
    return { figures: sum, shown };
  };
  const render = (a: ChartAccount): Figures => {
    const t = total(a);
    if (!t.shown) return empty;
    const children = a.children.map((id) => byId.get(id)).filter((c): c is ChartAccount => c !== undefined && total(c).shown);
    const own = figures.own(a.id) ?? empty;
    if (children.length === 0) {
      sheet.data({ type: 'account', value: a.fullName }, figureCells(a.name, layout, t.figures));
      return t.figures;
    }
    sheet.text(a.name);
    for (const c of children) render(c);
    if (!isZero(own)) sheet.data({ type: 'account', value: a.fullName }, figureCells(`${a.name} - Other`, layout, own));
    sheet.subtotal({ type: 'account', value: a.fullName }, figureCells(`Total ${a.name}`, layout, t.figures));
    return t.figures;
  };
  let sum = empty;
  for (const root of roots) sum = addFigures(sum, render(root));
  return sum;
}

/** The figures of a set of accounts and everything under them, added up, with no rows written. */
export function accountsTotal(roots: readonly ChartAccount[], byId: ReadonlyMap<string, ChartAccount>, figures: AccountFigures, width: number): Figures {
  let sum = zeroFigures(width);
  const stack = [...roots];
  for (let a = stack.pop(); a !== undefined; a = stack.pop()) {
    sum = addFigures(sum, figures.own(a.id) ?? zeroFigures(width));
    for (const child of a.children) {
      const c = byId.get(child);
      if (c) stack.push(c);
    }
  }
  return sum;
}
