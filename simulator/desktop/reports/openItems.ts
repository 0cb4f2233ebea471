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
 * between transactions dated on or before the day (the rule: `storage/openBalances.ts`). An
 * application moves both ends toward zero, so the items add up to the ledger's balance that day.
 * In the desktop's order: by date, then the order transactions were made (opening balances first).
 */
export function openItemsAsOf(books: ReportBooks, ledger: OpenLedger, asOf: string): OpenItem[] {
  const rows = books.openItemRows(ledger, asOf).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq || (a.txn < b.txn ? -1 : a.txn > b.txn ? 1 : 0)));
  return rows.map((row) => Object.assign(row, { dueDate: row.dueDate ?? row.date }));
}

/** Whole days from one day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
