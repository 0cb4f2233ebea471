import type { TypeModel } from '../engine/TypeModel.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { parseDoc, type CompanyFileStore } from '../storage/CompanyFileStore.ts';
import type { Ledger } from '../storage/Ledger.ts';
import type { Tracking } from '../storage/StockNumbers.ts';
import type { JsonObject } from '../values/json.ts';
import { SALE_TAX_SIGN, saleTaxFactsOf } from './saleTaxFacts.ts';
import { namedStock } from './stockNumbers.ts';

const TRACKINGS: readonly Tracking[] = ['lot', 'serial'];

/**
 * What the books keep of a transaction's document beside its postings, as it posts: a sale's
 * sales tax facts (`SaleTaxes.ts`), the lots and serial numbers its stock moves name
 * (`StockNumbers.ts`). Reports read these instead of parsing every document of a period.
 * `isNew`: it never posted before, so nothing kept of it is there to replace (a seeding of
 * 205,000 transactions made as many deletes of nothing).
 */
export function keepFacts(ledger: Ledger, model: TypeModel, doc: JsonObject, postedOn: string, movesStock: boolean, isNew = false): void {
  const id = String(doc['id']);
  const taxSign = model.row.posting === undefined ? undefined : SALE_TAX_SIGN[model.row.posting];
  if (taxSign !== undefined) ledger.saleTaxes.keep(id, postedOn, saleTaxFactsOf(model.shape, doc, taxSign), isNew);
  if (!isNew) ledger.stockNumbers.remove(id);
  if (movesStock) for (const tracking of TRACKINGS) ledger.stockNumbers.keep(id, tracking, namedStock(doc, tracking));
}

/** Forgets what the books kept of a deleted transaction's document. */
export function forgetFacts(ledger: Ledger, id: string): void {
  ledger.saleTaxes.remove(id);
  ledger.stockNumbers.remove(id);
}

/** Keeps what every posted transaction's document says, once: for a company file made before the books kept it. */
export function keepEveryFact(store: CompanyFileStore, types: TypeRegistry): void {
  store.transaction(() => {
    const moving = store.ledger.transactionsMovingStock();
    for (const model of types.all()) {
      if (model.row.posting === undefined) continue;
      for (const bytes of store.rowReads.allOf(model.objectType)) {
        const doc = parseDoc<JsonObject>(bytes);
        keepFacts(store.ledger, model, doc, String(doc['transactionDate'] ?? ''), moving.has(String(doc['id'])));
      }
    }
  });
}
