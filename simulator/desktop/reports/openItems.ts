import type { OpenLedger } from '../storage/Ledger.ts';
import type { ReportBooks } from './ReportBooks.ts';

/** What is open of one transaction for one customer or vendor on a day: an invoice left to pay, a credit left to use. */
export interface OpenItem {
  txn: string;
  entity: string;
  /** The transaction's object type; null for an opening balance. */
  type: string | null;
  date: string;
  refNumber: string | null;
  /** When it falls due: the document's due date, else its date. */
  dueDate: string;
  /** Debits less credits still open on the ledger: an invoice owed is positive, a payment not applied negative. */
  cents: number;
  /** What the transaction put on the ledger for this party, before anything was applied. */
  originalCents: number;
}

/**
 * The open items of the receivable or payable ledger as of a day: each transaction's amount on the
 * ledger for each party, less what was applied to it (payments, credits, discounts, refunds)
 * between transactions dated on or before the day (the rules: `LedgerReads.openItems`). An
 * application moves both ends toward zero, so the items add up to the ledger's balance that day.
 */
export function openItemsAsOf(books: ReportBooks, ledger: OpenLedger, asOf: string): OpenItem[] {
  const open: OpenItem[] = books.openItemRows(ledger, asOf).map((row) => ({ ...row, type: null, refNumber: null, dueDate: row.date }));
  const facts = books.documentFacts([...new Set(open.map((i) => i.txn))]);
  for (const item of open) {
    const f = facts.get(item.txn);
    if (!f) continue;
    item.type = f.type;
    item.refNumber = f.refNumber;
    item.dueDate = f.dueDate ?? item.date;
  }
  // In the desktop's order: by date, then the order transactions were made (opening balances first).
  const seqOf = (i: OpenItem): number => facts.get(i.txn)?.seq ?? 0;
  return open.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : seqOf(a) - seqOf(b) || (a.txn < b.txn ? -1 : a.txn > b.txn ? 1 : 0)));
}

/** Whole days from one day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
