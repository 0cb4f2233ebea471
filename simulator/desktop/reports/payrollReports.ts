import { fromCents, lineAmountCents, percentOfCents } from '../values/money.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import { itemOrder, netEffect, payLines, SECTION_ORDER, type PayLine, type PaySection } from './payrollLines.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { factLayout, inColumn } from './statementColumns.ts';
import { factRow, type AxisRow } from './reportAxes.ts';
import { refId } from '../books/refId.ts';

const money = (cents: number): string => fromCents(cents, 'A payroll report total');
const SECTION_TITLES: Readonly<Record<PaySection, string>> = { wage: 'Gross Pay', withheld: 'Taxes Withheld', company: 'Employer Taxes and Contributions' };
/** How a line shows in the summaries: withholdings come off the pay, so they show negative. */
const shown = (l: PayLine): number => (l.section === 'withheld' ? -l.cents : l.cents);

/** A column of a payroll summary: which lines it adds up. */
interface PayColumn {
  id: string;
  title: string;
  keeps(l: PayLine): boolean;
}

/** A pay line as the axes read it: on its account, of its employee (or payee), its check's class, its payroll item. */
function payFact(l: PayLine): AxisRow {
  return factRow({ txn: String(l.txn['id']), type: String(l.txn['objectType']), date: l.date, cents: l.cents, account: l.account ?? '', entity: l.party, class: refId(l.txn['class']), payrollItem: l.item, refNumber: l.refNumber });
}

/**
 * The columns of a payroll summary by `summarizeColumnsBy` (else `fallback`), through the axes
 * every report's columns go by (`statementColumns.factLayout`): each keeps the lines of its
 * period or value; the total keeps them all.
 */
function payColumns(books: ReportBooks, request: ReportRequest, lines: readonly PayLine[], fallback: string): PayColumn[] {
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : fallback;
  const facts = new Map(lines.map((l) => [l, payFact(l)]));
  const layout = factLayout(books, request, by, [...facts.values()]);
  return layout.columns.map((c) => ({ id: c.id, title: c.title, keeps: (l: PayLine) => inColumn(layout, c, facts.get(l) ?? payFact(l)) }));
}

/** Amounts (and hours, for wages) of each column for a set of lines. */
function columnCells(columns: readonly PayColumn[], lines: readonly PayLine[], value: (l: PayLine) => number, hours: boolean): Record<string, string | null> {
  const cells: Record<string, string | null> = {};
  for (const c of columns) {
    const kept = lines.filter(c.keeps);
    cells[`${c.id}_amount`] = money(kept.reduce((s, l) => s + value(l), 0));
    cells[`${c.id}_hours`] = hours ? String(kept.reduce((s, l) => s + (l.hours ?? 0), 0)) : null;
  }
  return cells;
}

/**
 * Payroll summary: gross pay by wage item, the taxes withheld from it, net pay, and the company's
 * taxes, with hours and amounts by employee (or by period).
 */
export function payrollSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const lines = payLines(books, request, false);
  const columns = payColumns(books, request, lines, 'employee');
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null, null] });
  for (const c of columns) {
    sheet.addColumn({ id: `${c.id}_hours`, type: 'hours', dataType: 'quantity', titles: [c.title, 'Hours'] });
    sheet.addColumn({ id: `${c.id}_amount`, type: c.id === 'total' ? 'total' : 'amount', dataType: 'amount', titles: [c.title, 'Amount'] });
  }
  sheet.text('Employee Wages, Taxes and Adjustments');
  const sectionRows = (section: PaySection): void => {
    const ofSection = lines.filter((l) => l.section === section);
    sheet.text(SECTION_TITLES[section]);
    const items = new Map<string, PayLine[]>();
    for (const l of ofSection) pushTo(items, l.item, l);
    for (const [item, list] of [...items].sort(([, a], [, b]) => itemOrder(a[0] as PayLine, b[0] as PayLine))) {
      sheet.data({ type: 'payroll_item', value: item }, { label: list[0]?.itemName ?? item, ...columnCells(columns, list, shown, section === 'wage') });
    }
    const label = `Total ${SECTION_TITLES[section]}`;
    // The company's taxes close the report: their total is its last row.
    if (section === 'company') sheet.total({ type: 'label', value: label }, { label, ...columnCells(columns, ofSection, shown, false) });
    else sheet.subtotal({ type: 'label', value: label }, { label, ...columnCells(columns, ofSection, shown, section === 'wage') });
  };
  sectionRows('wage');
  sectionRows('withheld');
  sheet.subtotal({ type: 'label', value: 'Net Pay' }, { label: 'Net Pay', ...columnCells(columns, lines, netEffect, true) });
  sectionRows('company');
}

/**
 * Employee earnings summary: a row per employee, a column per payroll item (wages, then taxes: the
 * desktop's layout, by default or by `payroll_item_detail`), or columns by any other
 * `summarizeColumnsBy` value beside the total.
 */
export function employeeEarnings(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const lines = payLines(books, request, false);
  const by = request.query['summarizeColumnsBy'];
  const columns: PayColumn[] =
    by === undefined || by === 'payroll_item_detail'
      ? [...new Map(lines.map((l) => [l.item, l])).values()].sort(itemOrder).map((item, i) => ({ id: `column_${i + 1}`, title: item.itemName, keeps: (l: PayLine) => l.item === item.item }))
      : payColumns(books, request, lines, 'payroll_item_detail');
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of columns) sheet.addColumn({ id: c.id, type: c.id === 'total' && columns.length > 1 ? 'total' : 'amount', dataType: 'amount', titles: [c.title] });
  const cellsOf = (list: readonly PayLine[]): Record<string, string> => {
    const cells: Record<string, string> = {};
    for (const c of columns) cells[c.id] = money(list.filter(c.keeps).reduce((s, l) => s + shown(l), 0));
    return cells;
  };
  const employees = new Map<string | null, PayLine[]>();
  for (const l of lines) pushTo(employees, l.party, l);
  for (const [employee, list] of inNameOrder(books, employees)) {
    const name = books.names.of(employee) ?? 'No name';
    sheet.data({ type: 'employee', value: name }, { label: name, ...cellsOf(list) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', ...cellsOf(lines) });
}

/**
 * Payroll liability balances: for each tax item, what the paychecks made owed less what liability
 * checks paid, by period (the default: months) or any other `summarizeColumnsBy` value, and in
 * all. In all, the items add up to the liability accounts' change over the period.
 */
export function liabilityBalances(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const lines = payLines(books, request, true).filter((l) => l.section !== 'wage');
  const columns = payColumns(books, request, lines, 'month');
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of columns) sheet.addColumn(c.id === 'total' ? { id: c.id, type: 'total', dataType: 'amount', titles: ['BALANCE'] } : { id: c.id, type: 'amount', dataType: 'amount', titles: [c.title] });
  const owed = (l: PayLine): number => (l.type === 'paycheck' ? l.cents : -l.cents);
  const cellsOf = (list: readonly PayLine[]): Record<string, string> => {
    const cells: Record<string, string> = {};
    for (const c of columns) cells[c.id] = money(list.filter(c.keeps).reduce((s, l) => s + owed(l), 0));
    return cells;
  };
  sheet.text('Payroll Liabilities');
  const items = new Map<string, PayLine[]>();
  for (const l of lines) pushTo(items, l.item, l);
  for (const [item, list] of [...items].sort(([, a], [, b]) => itemOrder(a[0] as PayLine, b[0] as PayLine))) sheet.data({ type: 'payroll_item', value: item }, { label: list[0]?.itemName ?? item, ...cellsOf(list) });
  sheet.total({ type: 'label', value: 'Total Payroll Liabilities' }, { label: 'Total Payroll Liabilities', ...cellsOf(lines) });
}

/** The columns of the payroll details, by what they show of a line. */
const DETAIL_COLUMNS = {
  date: (l: PayLine) => l.date,
  transaction_type: (l: PayLine) => l.type,
  ref_number: (l: PayLine) => l.refNumber,
  item: (l: PayLine) => l.itemName,
  state: (l: PayLine) => l.state,
  wage_base: (l: PayLine) => (l.wageBase === null ? null : money(l.wageBase)),
  amount: (l: PayLine) => money(l.section === 'withheld' && l.type === 'paycheck' ? -l.cents : l.cents),
} as const;
type DetailColumn = keyof typeof DETAIL_COLUMNS | 'name';

const DETAIL_HEADINGS: Readonly<Record<DetailColumn, readonly [string, 'string' | 'date' | 'amount']>> = {
  date: ['Date', 'date'],
  transaction_type: ['Type', 'string'],
  ref_number: ['Num', 'string'],
  name: ['Name', 'string'],
  item: ['Payroll Item', 'string'],
  state: ['State', 'string'],
  wage_base: ['Wage Base', 'amount'],
  amount: ['Amount', 'amount'],
};

/**
 * A list of payroll lines grouped by one of their facts (the payroll item, the employee, the
 * payee), each group with its subtotal, and a total.
 */
function groupedLines(books: ReportBooks, sheet: ReportSheet, lines: readonly PayLine[], groupOf: (l: PayLine) => string, columns: readonly DetailColumn[], amount: (l: PayLine) => number, descriptor: string): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of columns) sheet.addColumn({ id: c, type: c, dataType: DETAIL_HEADINGS[c][1], titles: [DETAIL_HEADINGS[c][0]] });
  const groups = new Map<string, PayLine[]>();
  for (const l of lines) pushTo(groups, groupOf(l), l);
  let total = 0;
  for (const [group, list] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    sheet.text(group);
    let sum = 0;
    for (const l of list) {
      const cells: Record<string, string | null> = { name: books.names.of(l.party) };
      for (const c of columns) if (c !== 'name') cells[c] = DETAIL_COLUMNS[c](l);
      cells['amount'] = money(amount(l));
      sheet.data({ type: 'transaction', value: String(l.txn['id']) }, cells);
      sum += amount(l);
    }
    total += sum;
    sheet.subtotal({ type: descriptor, value: group }, { label: `Total ${group}`, amount: money(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}

/** Every paycheck and liability check line, by payroll item: what each made owed or paid. */
export function payrollItemDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const lines = payLines(books, request, true);
  groupedLines(books, sheet, lines, (l) => l.itemName, ['transaction_type', 'date', 'ref_number', 'name', 'wage_base', 'amount'], (l) => (l.type === 'paycheck' ? shown(l) : -l.cents), 'payroll_item');
}

/** The state taxes of each employee's paychecks: item, state, wage base and amount. */
export function stateTaxesDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const lines = payLines(books, request, false).filter((l) => l.section !== 'wage' && l.state !== null);
  groupedLines(books, sheet, lines, (l) => books.names.of(l.party) ?? 'No name', ['date', 'ref_number', 'item', 'state', 'wage_base', 'amount'], (l) => l.cents, 'employee');
}

/** Each payroll transaction once, under its payee: what it paid out of the bank. */
export function transactionsByPayee(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const byTxn = new Map<string, PayLine[]>();
  for (const l of payLines(books, request, true)) pushTo(byTxn, String(l.txn['id']), l);
  // One row per transaction: its first line carries it, with the net it paid.
  const paid = new Map<PayLine, number>();
  for (const list of byTxn.values()) paid.set(list[0] as PayLine, list.reduce((s, l) => s + (l.type === 'paycheck' ? netEffect(l) : l.cents), 0));
  groupedLines(books, sheet, [...paid.keys()], (l) => books.names.of(l.party) ?? 'No payee', ['transaction_type', 'date', 'ref_number', 'name', 'amount'], (l) => paid.get(l) ?? 0, 'payee');
}

/**
 * Each payroll transaction's lines with the accounts they post to, debits positive: earnings and
 * the company's taxes to expense, what is owed to the liability accounts, the net pay out of the
 * bank. Each transaction adds up to zero.
 */
export function payrollTransactionDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns(['transaction_type', 'date', 'ref_number', 'name', ['payroll_item', 'Payroll Item', 'string'], 'account', ['wage_base', 'Wage Base', 'amount'], 'amount']);
  const byTxn = new Map<string, PayLine[]>();
  for (const l of payLines(books, request, true)) pushTo(byTxn, String(l.txn['id']), l);
  let total = 0;
  for (const list of byTxn.values()) {
    const head = list[0] as PayLine;
    const base = { transaction_type: head.type, date: head.date, ref_number: head.refNumber, name: books.names.of(head.party) };
    const row = (l: PayLine | null, account: string | null, cents: number): void => {
      sheet.data({ type: 'transaction', value: String(head.txn['id']) }, { ...base, payroll_item: l?.itemName ?? null, account: books.names.of(account), wage_base: l?.wageBase == null ? null : money(l.wageBase), amount: money(cents) });
      sum += cents;
    };
    let sum = 0;
    for (const section of SECTION_ORDER) {
      for (const l of list.filter((x) => x.section === section)) {
        if (head.type !== 'paycheck') row(l, l.liability, l.cents);
        else if (section === 'wage') row(l, l.account, l.cents);
        else if (section === 'withheld') row(l, l.liability, -l.cents);
        else {
          row(l, l.account, l.cents);
          row(l, l.liability, -l.cents);
        }
      }
    }
    const bank = typeof head.txn['bankAccount'] === 'object' && head.txn['bankAccount'] !== null ? String((head.txn['bankAccount'] as { id?: unknown }).id ?? '') : null;
    const out = head.type === 'paycheck' ? list.reduce((s, l) => s + netEffect(l), 0) : list.reduce((s, l) => s + l.cents, 0);
    row(null, bank, -out);
    sheet.subtotal({ type: 'transaction', value: String(head.txn['id']) }, { label: `Total ${head.refNumber ?? head.type}`, amount: money(sum) });
    total += sum;
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}

/** Each paycheck line beside what the item's rate computes from its hours or wage base, and the difference. */
export function payrollReviewDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns(['date', 'ref_number', 'name', ['payroll_item', 'Payroll Item', 'string'], ['wage_base', 'Wage Base', 'amount'], 'amount', ['calculated_amount', 'Calculated Amount', 'amount'], ['amount_difference', 'Amount Difference', 'amount']]);
  const groups = new Map<string | null, PayLine[]>();
  for (const l of payLines(books, request, false)) pushTo(groups, l.party, l);
  let difference = 0;
  for (const [employee, list] of inNameOrder(books, groups)) {
    const name = books.names.of(employee) ?? 'No name';
    sheet.text(name);
    let sum = 0;
    for (const l of list) {
      const calculated = calculatedCents(l);
      const diff = calculated === null ? 0 : l.cents - calculated;
      sum += diff;
      sheet.data({ type: 'transaction', value: String(l.txn['id']) }, { date: l.date, ref_number: l.refNumber, name, payroll_item: l.itemName, wage_base: l.wageBase === null ? null : money(l.wageBase), amount: money(l.cents), calculated_amount: calculated === null ? null : money(calculated), amount_difference: money(diff) });
    }
    difference += sum;
    sheet.subtotal({ type: 'employee', value: name }, { label: `Total ${name}`, amount_difference: money(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount_difference: money(difference) });
}

/** What a line should be by its item: hours times rate for an hourly wage, the wage base times the rate for a tax; null when nothing says. */
function calculatedCents(l: PayLine): number | null {
  if (l.section === 'wage') return l.wageType?.startsWith('hourly') && l.hours !== null && l.rate !== null ? lineAmountCents(l.hours, l.rate, 'A calculated wage') : null;
  return l.wageBase === null || l.ratePercent === null ? null : percentOfCents(l.wageBase, l.ratePercent, 'A calculated tax');
}
