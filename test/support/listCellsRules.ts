import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { keepEveryListing } from '../../simulator/desktop/engine/listedCells.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../simulator/desktop/values/json.ts';
import { transactionSummary } from '../../simulator/desktop/views/transactionsList.ts';

const fullName = (ref: JsonValue | undefined): JsonValue => (isJsonObject(ref) ? (ref['fullName'] ?? null) : null);

/**
 * What the desktop keeps of each transaction for the transaction lists (`ListCells.ts`) against
 * what its document says now (the cells made again from every document), and against what the
 * transactions list shows of it (its own reading of the document and postings); one kept row per
 * transaction, none for one deleted.
 */
export function listCellsBroken(file: CompanyFile): string[] {
  const db = file.store.db;
  const broken: string[] = [];
  const cells = (): string => JSON.stringify(db.prepare('SELECT * FROM list_cells ORDER BY seq').raw().all());
  const kept = cells();
  db.exec('SAVEPOINT recells; DELETE FROM list_cells');
  keepEveryListing(file.store, file.types);
  const said = cells();
  db.exec('ROLLBACK TO recells; RELEASE recells');
  if (kept !== said) broken.push(`the kept list cells differ from what the documents say: ${kept.slice(0, 300)} != ${said.slice(0, 300)}`);
  const types = [...file.types.all()].filter((m) => m.row.kind === 'transaction').map((m) => m.objectType);
  const listed = file.store.listCells.dated(types, null, '9999-12-31');
  const dated = Number(db.prepare("SELECT COUNT(*) FROM object_rows WHERE type IN (SELECT value FROM json_each(?)) AND txn_date <= '9999-12-31'").pluck().get(JSON.stringify(types)));
  if (listed.length !== dated) broken.push(`${listed.length} transactions listed from the kept cells, ${dated} in the company file`);
  for (const t of listed) {
    const doc = file.store.docs.find<JsonObject>(t.type, t.id);
    if (!doc) {
      broken.push(`${t.type} ${t.id} listed, not stored`);
      continue;
    }
    const s = transactionSummary(file, t.type, doc);
    const shown = { date: s['transactionDate'] ?? null, refNumber: s['refNumber'] ?? null, name: fullName(s['entity']), memo: s['memo'] ?? null, account: fullName(s['account']), amount: s['amount'] ?? null };
    if (JSON.stringify(shown) !== JSON.stringify(t.cells)) broken.push(`${t.type} ${t.id}: listed as ${JSON.stringify(t.cells)}, the transactions list shows ${JSON.stringify(shown)}`);
  }
  return broken;
}
