import type { CompanyFile } from '../CompanyFile.ts';
import { ENTITY_TYPES, ITEM_TYPES } from '../values/globalReferences.ts';
import { fromCents } from '../values/money.ts';

/** One posting of a transaction as a person reads it: account and name by their full names, debit or credit. */
export interface PostingRow {
  account: string;
  name: string | null;
  debit: string | null;
  credit: string | null;
  item: string | null;
  quantity: number | null;
}

/** What a transaction posted to the books, in the order it posted (none for a type that posts nothing). */
export function postingRows(file: CompanyFile, transactionId: string): PostingRow[] {
  const nameOf = (types: readonly string[], id: string | null): string | null => (id === null ? null : (file.store.rowReads.nameAmong(types, id) ?? id));
  return file.store.ledger.postingsOf(transactionId).map((p) => ({
    account: nameOf(['ldg_account'], p.account) ?? p.account,
    name: nameOf(ENTITY_TYPES, p.entity),
    debit: p.cents > 0 ? fromCents(p.cents) : null,
    credit: p.cents < 0 ? fromCents(-p.cents) : null,
    item: nameOf(ITEM_TYPES, p.stock?.item ?? null),
    quantity: p.stock?.quantity ?? null,
  }));
}
