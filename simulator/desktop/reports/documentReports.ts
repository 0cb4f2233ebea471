import { transactionTypeOf } from '../books/transactionTypes.ts';
import { partyIdsOf } from '../engine/transactionShape.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { ReportBooks, StoredDocument } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import type { BodyMark } from '../storage/bodyMarks.ts';
import type { ListedCells, ListedTransaction } from '../storage/ListCells.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const idOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null);
const nameOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['fullName'] === 'string' ? value['fullName'] : null);

/** A stored transaction a report lists: its type and document. */
interface Listed {
  type: string;
  doc: JsonObject;
}

/**
 * The transactions of these types dated in the period, in date order, then the order they were
 * made; the request's transaction types, names and last-change days narrow them.
 */
function documentsIn(books: ReportBooks, request: ReportRequest, types: readonly string[], marked?: BodyMark): Listed[] {
  const wanted = types.filter((t) => !request.filter.types || request.filter.types.has(t));
  if (wanted.length === 0) return [];
  const { from, to } = request.period;
  return books.documentsDated(wanted, from, to, marked).filter(keptBy(books, request));
}

/**
 * Which documents a list keeps; `marked`: the mark of a flag each kept one's stored JSON has
 * (`bodyMarks.ts`), so SQLite finds the few from an index (100,000 invoices for the few pending).
 */
interface Kept {
  keeps: (doc: JsonObject) => boolean;
  marked?: BodyMark;
}

/** Whether the request's last-change days and names (any party field) keep a transaction. */
function keptBy(books: ReportBooks, request: ReportRequest): (t: StoredDocument) => boolean {
  const { entities, updatedFrom, updatedTo } = request.filter;
  return (t) =>
    (updatedFrom === undefined || t.updatedAt >= updatedFrom) &&
    (updatedTo === undefined || t.updatedAt <= updatedTo) &&
    (!entities || partyIdsOf(books.modelOf(t.type).shape, t.doc).some((id) => entities.has(id)));
}

/** Every transaction type of the company file: what the "all transactions" lists cover. */
const transactionTypes = (books: ReportBooks): string[] => books.transactionTypes();

const LIST_COLUMNS = ['transaction_type', 'date', 'ref_number', 'name', 'memo', 'account', 'amount'] as const;

function listCells(t: { type: string; cells: ListedCells }): Record<string, string | null> {
  const { cells } = t;
  return { transaction_type: transactionTypeOf(t.type), date: cells.date, ref_number: cells.refNumber, name: cells.name, memo: cells.memo, account: cells.account, amount: cells.amount };
}

/** The request's last-change days and names (any party field) applied to listed transactions; the names from the reference graph. */
function listedKept<T extends ListedTransaction>(books: ReportBooks, request: ReportRequest, listed: T[]): T[] {
  const { entities, updatedFrom, updatedTo } = request.filter;
  const named = entities ? books.partiesNamedBy(listed) : undefined;
  return listed.filter(
    (t) =>
      (updatedFrom === undefined || t.updatedAt >= updatedFrom) &&
      (updatedTo === undefined || t.updatedAt <= updatedTo) &&
      (!entities || [...(named?.get(t.seq) ?? [])].some((id) => entities.has(id))),
  );
}

/**
 * Every transaction of the period, one row each (type, date, number, name, memo, account, amount):
 * by date, or under a heading per customer or vendor with its transactions.
 */
export function transactionList(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, by: 'date' | 'customer' | 'vendor'): void {
  sheet.addColumns(LIST_COLUMNS);
  // A row per transaction: counted on the index by date, a list too long is refused before its documents are read.
  if (by === 'date' && !request.filter.entities && request.filter.updatedFrom === undefined && request.filter.updatedTo === undefined) {
    const types = transactionTypes(books).filter((t) => !request.filter.types || request.filter.types.has(t));
    sheet.reserve(books.countDated(types, request.period.from, request.period.to));
  }
  if (by === 'date') {
    const types = transactionTypes(books).filter((t) => !request.filter.types || request.filter.types.has(t));
    for (const t of listedKept(books, request, books.listedDated(types, request.period.from, request.period.to))) sheet.data({ type: 'transaction', value: t.id }, listCells(t));
    sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL' });
    return;
  }
  // Only the transactions naming a customer (vendor) are read, each under the first it names.
  const partyType = by === 'customer' ? 'ldg_customer' : 'ldg_vendor';
  const types = transactionTypes(books).filter((t) => !request.filter.types || request.filter.types.has(t));
  const { from, to } = request.period;
  const { entities, updatedFrom, updatedTo } = request.filter;
  if (!entities && updatedFrom === undefined && updatedTo === undefined) sheet.reserve(books.countNaming(types, from, to, partyType));
  const groups = new Map<string, { id: string; cells: Record<string, string | null> }[]>();
  for (const t of listedKept(books, request, books.listedNaming(types, from, to, partyType))) pushTo(groups, t.party, { id: t.id, cells: listCells(t) });
  for (const [party, group] of inNameOrder(books, groups)) {
    const name = books.names.of(party) ?? party;
    sheet.text(name);
    for (const row of group) sheet.data({ type: 'transaction', value: row.id }, row.cells);
    sheet.subtotal({ type: by, value: name }, { label: `Total ${name}` });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL' });
}

/**
 * The journal: every transaction of the period with each of its postings, debits and credits,
 * and a total per transaction; debits equal credits on every one and in all. `types` keeps some
 * kinds of transaction only (the check detail, the deposit detail).
 */
export function journal(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, types?: ReadonlySet<string>): void {
  sheet.addColumns([
    'transaction_type',
    'date',
    'ref_number',
    'name',
    'account',
    'debit',
    'credit',
  ]);
  // A row per posting: counted from the books' sums per day, a journal too long is refused before it is read.
  if (!types) sheet.reserve(books.ledger.postingCount({ ...request.filter, from: request.period.from, to: request.period.to }) ?? 0);
  const byTxn = new Map<string, ReturnType<ReportBooks['ledger']['postings']>>();
  // Kinds of transaction asked for are read alone (the request's own types narrow them further).
  const kinds = types ? new Set([...types].filter((t) => !request.filter.types || request.filter.types.has(t))) : request.filter.types;
  const postings = books.ledger.postings({ ...request.filter, from: request.period.from, to: request.period.to, ...(kinds ? { types: kinds } : {}) });
  // Every name a row shows, read at once: a history of deposits names 20,000 customers.
  books.names.read(postings.map((p) => p.entity));
  for (const p of postings) pushTo(byTxn, p.txn, p);
  let debits = 0;
  let credits = 0;
  for (const [txn, postings] of byTxn) {
    let d = 0;
    let c = 0;
    for (const p of postings) {
      if (p.cents > 0) d += p.cents;
      else c -= p.cents;
      sheet.data(
        { type: 'transaction', value: txn },
        {
          transaction_type: p.type ? transactionTypeOf(p.type) : 'opening_balance',
          date: p.date,
          ref_number: p.refNumber,
          name: books.names.of(p.entity),
          account: books.names.of(p.account),
          debit: p.cents > 0 ? money(p.cents) : null,
          credit: p.cents < 0 ? money(-p.cents) : null,
        },
      );
    }
    debits += d;
    credits += c;
    sheet.subtotal({ type: 'transaction', value: txn }, { debit: money(d), credit: money(c) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', debit: money(debits), credit: money(credits) });
}

/** What is left open of an order's line: ordered less received (a purchase order) or invoiced (a sales order). */
function openLines(doc: JsonObject, doneField: 'receivedQuantity' | 'quantityInvoiced'): { item: string | null; job: string | null; quantity: number; cents: number }[] {
  if (doc['isManuallyClosed'] === true) return [];
  const lines = Array.isArray(doc['lines']) ? doc['lines'].filter(isJsonObject) : [];
  return lines
    .filter((l) => l['isManuallyClosed'] !== true)
    .map((l) => {
      const ordered = typeof l['quantity'] === 'number' ? l['quantity'] : 0;
      const done = typeof l[doneField] === 'number' ? l[doneField] : 0;
      const open = Math.max(0, ordered - done);
      const amount = toCents(typeof l['amount'] === 'string' ? l['amount'] : null);
      return { item: idOf(l['item']), job: idOf(l['payee']), quantity: open, cents: ordered === 0 ? 0 : Math.round((amount * open) / ordered) };
    })
    .filter((l) => l.quantity > 0);
}

/** What the open orders are grouped by: the order's vendor or customer, or its lines' item or job (a purchase order line's customer). */
const ORDER_GROUPS = {
  party: { of: () => null, none: 'No name' },
  item: { of: (l: { item: string | null }) => l.item, none: 'No item' },
  job: { of: (l: { job: string | null }) => l.job, none: 'No job' },
} as const;

/**
 * Orders with something still to receive or invoice, under a heading per vendor, customer, item or
 * job: each order's date, number, total and what is open of it (of the group's lines).
 */
export function openOrders(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, kind: 'purchase' | 'sales', by: keyof typeof ORDER_GROUPS): void {
  sheet.addColumns([
    'transaction_type',
    'date',
    'ref_number',
    'name',
    ['quantity', 'Open Qty', 'quantity'],
    'amount',
    ['open_balance', 'Open Balance', 'amount'],
  ]);
  const type = kind === 'purchase' ? 'ldg_purchase_order' : 'ldg_sales_order';
  const party = kind === 'purchase' ? 'vendor' : 'customer';
  const groups = new Map<string, { t: Listed; quantity: number; cents: number }[]>();
  for (const t of documentsIn(books, request, [type])) {
    const lines = openLines(t.doc, kind === 'purchase' ? 'receivedQuantity' : 'quantityInvoiced');
    const keyOf = (l: (typeof lines)[number]): string => ORDER_GROUPS[by].of(l) ?? '';
    const keys = by === 'party' ? [[idOf(t.doc[party]) ?? '', lines] as const] : [...new Set(lines.map(keyOf))].map((key) => [key, lines.filter((l) => keyOf(l) === key)] as const);
    for (const [key, open] of keys) {
      if (open.length === 0) continue;
      pushTo(groups, key, { t, quantity: open.reduce((s, l) => s + l.quantity, 0), cents: open.reduce((s, l) => s + l.cents, 0) });
    }
  }
  let total = 0;
  for (const [key, entries] of inNameOrder(books, groups)) {
    const name = books.names.of(key) ?? ORDER_GROUPS[by].none;
    sheet.text(name);
    for (const { t, quantity, cents } of entries) {
      sheet.data(
        { type: 'transaction', value: String(t.doc['id']) },
        { transaction_type: transactionTypeOf(type), date: String(t.doc['transactionDate']), ref_number: typeof t.doc['refNumber'] === 'string' ? t.doc['refNumber'] : null, name: nameOf(t.doc[party]), quantity: String(quantity), amount: typeof t.doc['totalAmount'] === 'string' ? t.doc['totalAmount'] : null, open_balance: money(cents) },
      );
    }
    const sum = entries.reduce((s, e) => s + e.cents, 0);
    total += sum;
    sheet.subtotal({ type: by === 'party' ? party : by === 'item' ? 'item' : 'customer', value: name }, { label: `Total ${name}`, open_balance: money(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', open_balance: money(total) });
}

/**
 * Documents of some types under a heading per customer: estimates by job (active ones), pending
 * sales (invoices and sales receipts marked pending).
 */
export function documentsByCustomer(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, types: readonly string[], which: Kept): void {
  sheet.addColumns(LIST_COLUMNS);
  const groups = new Map<string, Listed[]>();
  for (const t of documentsIn(books, request, types, which.marked).filter((t) => which.keeps(t.doc))) {
    const customer = idOf(t.doc['customer']) ?? '';
    pushTo(groups, customer, t);
  }
  let total = 0;
  for (const [customer, group] of inNameOrder(books, groups)) {
    const name = books.names.of(customer) ?? 'No customer';
    sheet.text(name);
    let sum = 0;
    for (const t of group) {
      const cells = listCells({ type: t.type, cells: books.listedCellsOf(t.type, t.doc) });
      sum += toCents(cells['amount'] ?? null);
      sheet.data({ type: 'transaction', value: String(t.doc['id']) }, cells);
    }
    total += sum;
    sheet.subtotal({ type: 'customer', value: name }, { label: `Total ${name}`, amount: money(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}
