import { transactionTypeOf } from '../books/transactionTypes.ts';
import { documentTotalOf, partyIdOf } from '../engine/transactionShape.ts';
import { formatDesktopTime } from '../values/desktopTime.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const idOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Checks, by the account each is written on. */
export const CHECK_TYPES = new Set(['ldg_check', 'ldg_bill_check_payment', 'ldg_sales_tax_payment_check']);

/**
 * Missing checks: the period's checks of each bank account in number order, with a line where
 * numbers are skipped and where one is used twice; checks without a number come last.
 */
export function missingChecks(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns(['transaction_type', 'date', 'ref_number', 'name', 'account', 'amount']);
  const { from, to } = request.period;
  const byAccount = new Map<string, { type: string; doc: JsonObject }[]>();
  for (const row of books.documentsDated([...CHECK_TYPES], from, to)) {
    const { doc } = row;
    const account = idOf(doc['bankAccount']) ?? idOf(doc['account']) ?? '';
    if (!request.filter.accounts || request.filter.accounts.has(account)) pushTo(byAccount, account, { type: row.type, doc });
  }
  const numberOf = (doc: JsonObject): number | null => (typeof doc['refNumber'] === 'string' && /^\d+$/.test(doc['refNumber']) ? Number(doc['refNumber']) : null);
  for (const [account, checks] of [...byAccount].sort(([a], [b]) => (books.names.of(a) ?? '').localeCompare(books.names.of(b) ?? ''))) {
    const name = books.names.of(account) ?? 'No account';
    sheet.text(name);
    const sorted = [...checks].sort((a, b) => (numberOf(a.doc) ?? Infinity) - (numberOf(b.doc) ?? Infinity));
    let previous: number | null = null;
    for (const { type, doc } of sorted) {
      const n = numberOf(doc);
      if (previous !== null && n !== null && n > previous + 1) sheet.text('*** Missing numbers here ***');
      if (previous !== null && n !== null && n === previous) sheet.text('*** Duplicate document numbers ***');
      if (n !== null) previous = n;
      const { shape } = books.modelOf(type);
      sheet.data(
        { type: 'transaction', value: String(doc['id']) },
        { transaction_type: transactionTypeOf(type), date: text(doc['transactionDate']), ref_number: text(doc['refNumber']), name: books.names.of(partyIdOf(shape, doc)), account: name, amount: money(-toCents(documentTotalOf(shape, doc) ?? '0.00')) },
      );
    }
    sheet.subtotal({ type: 'account', value: name }, { label: `Total ${name}`, amount: money(-sorted.reduce((s, c) => s + toCents(documentTotalOf(books.modelOf(c.type).shape, c.doc)), 0)) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL' });
}

/** The audit trail: every transaction last changed in the period, latest first, with when, what and how much. */
export function auditTrail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns([['updated_at', 'Last modified', 'date'], 'transaction_type', 'date', 'ref_number', 'name', 'amount']);
  const offset = books.offsetMinutes;
  const bound = (date: string, end: boolean): number => Math.floor((Date.parse(`${date}T00:00:00Z`) - offset * 60_000) / 1000) + (end ? 86_399 : 0);
  const { from, to } = request.period;
  const types = books.transactionTypes();
  const [since, until] = [from === null ? null : bound(from, false), bound(to, true)];
  // A row per transaction: counted on the index by last change, a trail too long is refused before it is read.
  sheet.reserve(books.countUpdated(types, since, until));
  const rows = books.documentsUpdated(types, since, until).map((row) => ({ ...row, party: partyIdOf(books.modelOf(row.type).shape, row.doc) }));
  // Every name a row shows, read at once: a month's trail names thousands of parties, each a lookup of its own before.
  books.names.read(rows.map((r) => r.party));
  for (const row of rows) {
    const { doc, party } = row;
    const { shape } = books.modelOf(row.type);
    const amount = documentTotalOf(shape, doc);
    sheet.data(
      { type: 'transaction', value: String(doc['id']) },
      { updated_at: formatDesktopTime(row.updatedAt, offset), transaction_type: transactionTypeOf(row.type), date: text(doc['transactionDate']), ref_number: text(doc['refNumber']), name: books.names.of(party), amount },
    );
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL' });
}

/** A purchase's lines that may be billed on, and where such a line names its customer, in the order read. */
const COST_LINES = ['expenseLines', 'itemLines'] as const;
const CUSTOMER_FIELDS = ['customer', 'payee'] as const;

/** Purchases that name a customer to bill and are not billed yet: expense and item lines marked billable, by customer. */
export function unbilledCosts(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns(['transaction_type', 'date', 'ref_number', 'name', 'item', 'account', 'amount']);
  const { from, to } = request.period;
  const types = ['ldg_bill', 'ldg_check', 'ldg_credit_card_charge', 'ldg_item_receipt'];
  // A line's customer is in one of these fields: only purchases that name a customer in one are read.
  const rows = books.documentsNaming(types, from, to, COST_LINES.flatMap((field) => CUSTOMER_FIELDS.map((name) => `${field}.${name}`)), 'ldg_customer');
  const byCustomer = new Map<string, { id: string; cells: Record<string, string | null> }[]>();
  const cents = new Map<string, number>();
  for (const row of rows) {
    const { doc } = row;
    for (const field of COST_LINES) {
      for (const line of Array.isArray(doc[field]) ? doc[field].filter(isJsonObject) : []) {
        const customer = idOf(line[CUSTOMER_FIELDS[0]]) ?? idOf(line[CUSTOMER_FIELDS[1]]);
        if (customer === null || line['billingStatus'] !== 'billable' || !books.find('ldg_customer', customer)) continue;
        if (request.filter.entities && !request.filter.entities.has(customer)) continue;
        const amount = toCents(text(line['amount']));
        cents.set(customer, (cents.get(customer) ?? 0) + amount);
        pushTo(byCustomer, customer, { id: String(doc['id']), cells: {
          transaction_type: transactionTypeOf(row.type),
          date: text(doc['transactionDate']),
          ref_number: text(doc['refNumber']),
          name: books.names.of(idOf(doc['vendor']) ?? idOf(doc['payee'])),
          item: books.names.of(idOf(line['item'])),
          account: books.names.of(idOf(line['account'])),
          amount: money(amount),
        } });
      }
    }
  }
  let total = 0;
  for (const [customer, lines] of inNameOrder(books, byCustomer)) {
    const name = books.names.of(customer) ?? customer;
    sheet.text(name);
    for (const { id, cells } of lines) sheet.data({ type: 'transaction', value: id }, cells);
    total += cents.get(customer) ?? 0;
    sheet.subtotal({ type: 'customer', value: name }, { label: `Total ${name}`, amount: money(cents.get(customer) ?? 0) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}

/**
 * Progress invoicing: each estimate of the period, its total, what invoices made from it have taken
 * (the amounts of the invoice lines made from its lines) and that as a share of the estimate.
 */
export function progressInvoicing(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns(['date', 'ref_number', 'name', ['estimate_total', 'Estimate Total', 'amount'], ['invoiced', 'Invoiced', 'amount'], ['progress_percent', '% Invoiced', 'percent']]);
  const { from, to } = request.period;
  const estimates = books.documentsDated(['ldg_estimate'], from, to).map((r) => r.doc);
  const invoicedFrom = new Map<string, number>();
  const invoices = new Map<string, Map<string, number>>();
  for (const link of books.lineSources()) {
    let lines = invoices.get(link.owner);
    if (!lines) {
      const doc = books.find('ldg_invoice', link.owner);
      const all = Array.isArray(doc?.['lines']) ? doc['lines'].filter(isJsonObject) : [];
      lines = new Map(all.map((l) => [String(l['id']), toCents(text(l['amount']))]));
      invoices.set(link.owner, lines);
    }
    invoicedFrom.set(link.source, (invoicedFrom.get(link.source) ?? 0) + (lines.get(link.line) ?? 0));
  }
  let estimated = 0;
  let invoiced = 0;
  for (const doc of estimates) {
    const id = String(doc['id']);
    const total = toCents(text(doc['totalAmount']));
    const taken = invoicedFrom.get(id) ?? 0;
    estimated += total;
    invoiced += taken;
    sheet.data(
      { type: 'transaction', value: id },
      { date: text(doc['transactionDate']), ref_number: text(doc['refNumber']), name: books.names.of(idOf(doc['customer'])), estimate_total: money(total), invoiced: money(taken), progress_percent: total === 0 ? null : `${((taken / total) * 100).toFixed(1)}%` },
    );
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', estimate_total: money(estimated), invoiced: money(invoiced), progress_percent: estimated === 0 ? null : `${((invoiced / estimated) * 100).toFixed(1)}%` });
}
