import { parseDoc, type CompanyFileStore } from '../storage/CompanyFileStore.ts';
import type { ListedCells } from '../storage/ListCells.ts';
import type { JsonObject } from '../values/json.ts';
import type { TransactionShape } from '../table/TypeRow.ts';
import { documentTotalOf, headerAccountOf, partyOf } from './transactionShape.ts';
import type { TypeRegistry } from './TypeRegistry.ts';

const fullNameOf = (ref: JsonObject | undefined): string | null => (ref !== undefined && typeof ref['fullName'] === 'string' ? ref['fullName'] : null);

/** What a transaction list row shows of the transaction (`ListCells.ts`), from its document alone: a total it does not keep is null. */
export function listedCellsOf(shape: TransactionShape, doc: JsonObject): ListedCells {
  return {
    date: typeof doc['transactionDate'] === 'string' ? doc['transactionDate'] : null,
    refNumber: typeof doc['refNumber'] === 'string' ? doc['refNumber'] : null,
    name: fullNameOf(partyOf(shape, doc)),
    memo: typeof doc['memo'] === 'string' ? doc['memo'] : null,
    account: fullNameOf(headerAccountOf(shape, doc)),
    amount: documentTotalOf(shape, doc),
  };
}

/** Keeps what the transaction lists show of every transaction, once: for a company file made before the desktop kept it. */
export function keepEveryListing(store: CompanyFileStore, types: TypeRegistry): void {
  store.transaction(() => {
    for (const model of types.all()) {
      if (model.row.kind !== 'transaction') continue;
      for (const { seq, doc } of store.rowReads.allWithSeqOf(model.objectType)) store.listCells.keep(seq, listedCellsOf(model.shape, parseDoc<JsonObject>(doc)));
    }
  });
}
