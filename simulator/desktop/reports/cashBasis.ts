import type { LinkAmounts } from '../storage/LedgerReads.ts';
import type { PostingRow } from './postingFilter.ts';
import { pushTo } from './grouping.ts';

/** Transactions whose postings wait on receivables or payables until something is applied to them. */
const WAITING_TYPES = new Set(['ldg_invoice', 'ldg_credit_memo', 'ldg_bill', 'ldg_vendor_credit', 'ldg_item_receipt']);

interface Application {
  date: string;
  cents: number;
}

/**
 * The postings of the books on the cash basis, up to a day: a transaction that waits on receivables
 * or payables (an invoice, a bill, their credits) counts only as it is paid, on the day of each
 * payment, credit or refund applied to it, in proportion to the part applied. Every other
 * transaction (payments, sales receipts, checks, journal entries) counts as it was made. Each
 * proportional copy is a balanced transaction, so the books stay balanced: receivables and payables
 * hold only what was paid and not applied. `links` are every link between transactions.
 */
export function onCashBasis<P extends PostingRow>(links: readonly LinkAmounts[], postings: readonly P[]): P[] {
  const byTxn = new Map<string, P[]>();
  for (const p of postings) pushTo(byTxn, p.txn, p);
  const dateOf = (txn: string): string | undefined => byTxn.get(txn)?.[0]?.date;
  const waits = (txn: string): boolean => {
    const rows = byTxn.get(txn);
    const type = rows?.[0]?.type ?? null;
    return rows !== undefined && (type === null ? txn.startsWith('opening:') : WAITING_TYPES.has(type)) && rows.some((p) => p.openLedger !== null);
  };
  const applied = new Map<string, Application[]>();
  for (const link of links) {
    const dates = [dateOf(link.from), dateOf(link.to), dateOf(link.owner) ?? ''];
    // A link to a transaction after the day is not applied yet.
    if (dates[0] === undefined || dates[1] === undefined) continue;
    const date = dates.sort().at(-1) ?? '';
    for (const end of [link.to, link.from]) if (waits(end)) pushTo(applied, end, { date, cents: Math.abs(link.cents + link.discountCents) });
  }
  const out: P[] = [];
  for (const [txn, rows] of byTxn) {
    if (!waits(txn)) {
      out.push(...rows);
      continue;
    }
    const whole = Math.abs(rows.filter((p) => p.openLedger !== null).reduce((s, p) => s + p.cents, 0));
    if (whole === 0) continue;
    let before = 0;
    for (const a of (applied.get(txn) ?? []).sort((x, y) => x.date.localeCompare(y.date))) {
      const after = Math.min(whole, before + a.cents);
      out.push(...share(rows, before, after, whole).map((p) => ({ ...p, date: a.date })));
      before = after;
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.seq - b.seq || a.txn.localeCompare(b.txn) || a.line - b.line);
}

/**
 * The part of a transaction's postings from `before` to `after` of `whole` paid: each posting's
 * cents at `after` less those at `before` (so all parts add up to the posting), the rounding left
 * on the largest posting so that the part balances.
 */
function share<P extends PostingRow>(rows: readonly P[], before: number, after: number, whole: number): P[] {
  const part = rows.map((p) => ({ ...p, cents: Math.round((p.cents * after) / whole) - Math.round((p.cents * before) / whole) }));
  const off = part.reduce((s, p) => s + p.cents, 0);
  if (off !== 0) {
    const largest = part.reduce((a, b) => (Math.abs(b.cents) > Math.abs(a.cents) ? b : a));
    largest.cents -= off;
  }
  return part.filter((p) => p.cents !== 0);
}
