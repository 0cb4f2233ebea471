import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { keepEveryFact } from '../../simulator/desktop/books/keptFacts.ts';
import { KEPT_SUMS } from '../../simulator/desktop/storage/keptSums.ts';
import { all } from './bookWrites.ts';
import { listCellsBroken } from './listCellsRules.ts';

const FAR = '2099-12-31';

/**
 * What the books keep beside the postings, against what it is made from, as a list of what is
 * broken (empty when all hold): the kept sums against their fills, the whole-history sums and
 * counts against the postings one by one, the kept facts and list cells against the documents.
 * Reports read these instead of the postings, so each randomized step checks them first.
 */
export function keptBooksBroken(file: CompanyFile): string[] {
  const broken: string[] = [];
  // Every sum the books keep (by triggers, or marked and settled as each write commits) is what
  // its fill makes again from the postings and links: the day sums statements read, the open
  // amounts and open items agings read, the whole-history sums by party and item.
  const db = file.store.db;
  const rowsOf = (table: string): string => {
    const key = (db.pragma(`table_info(${table})`) as { name: string; pk: number }[]).filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    return JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY ${key.join(', ')}`).raw().all());
  };
  const keptSums = KEPT_SUMS.map((k) => rowsOf(k.table));
  db.exec('SAVEPOINT refill');
  for (const k of KEPT_SUMS) db.exec(k.fill);
  const refilled = KEPT_SUMS.map((k) => rowsOf(k.table));
  db.exec('ROLLBACK TO refill; RELEASE refill');
  KEPT_SUMS.forEach((k, i) => {
    if (keptSums[i] !== refilled[i]) broken.push(`${k.table} differs from its fill: ${keptSums[i]?.slice(0, 300)} != ${refilled[i]?.slice(0, 300)}`);
  });
  // Sums of the whole history by party and item (read from name_item_sums) are the postings' own.
  const reads = file.store.ledgerReads;
  const income = all(file, 'ldg_account').filter((a) => a['accountType'] === 'income').map((a) => String(a['id']));
  for (const narrow of [{}, { accounts: income, entityTypes: ['ldg_customer'] }]) {
    for (const by of [{ entity: true, item: true }, { entity: true }, { item: true }]) {
      const bySql = reads.postingSums(null, FAR, narrow, by).map((r) => JSON.stringify([r.account, r.entity, r.item, r.cents]));
      const byPosting = new Map<string, number>();
      for (const p of reads.postings(null, FAR, narrow)) {
        const key = JSON.stringify([p.account, by.entity ? p.entity : null, 'item' in by ? p.item : null]);
        byPosting.set(key, (byPosting.get(key) ?? 0) + p.cents);
      }
      const summed = [...byPosting].map(([key, cents]) => JSON.stringify([...(JSON.parse(key) as unknown[]), cents]));
      if (JSON.stringify(bySql.sort()) !== JSON.stringify(summed.sort())) broken.push(`whole-history sums by ${Object.keys(by).join(' and ')} ${JSON.stringify(narrow).slice(0, 80)} differ from the postings' (${bySql.length} != ${summed.length} groups)`);
    }
    const named = reads.postings(null, FAR, narrow).filter((p) => p.entity !== null);
    const want = { names: new Set(named.map((p) => p.entity)).size, pairs: new Set(named.map((p) => `${p.entity} ${p.item ?? ''}`)).size };
    const counted = reads.namePairCount(null, FAR, narrow);
    if (JSON.stringify(counted) !== JSON.stringify(want)) broken.push(`names and pairs counted ${JSON.stringify(counted)}, the postings name ${JSON.stringify(want)}`);
    // Parties counted from the kept sums (a statement's column per customer) are those the postings name.
    const customers = new Set(all(file, 'ldg_customer').map((c) => String(c['id'])));
    const parties = [reads.postingCount(null, FAR, narrow, 'entity', undefined, true), reads.postingCount(null, FAR, narrow, 'entity', ['ldg_customer'], true)];
    const named2 = [want.names, new Set(named.filter((p) => customers.has(String(p.entity))).map((p) => p.entity)).size];
    if (JSON.stringify(parties) !== JSON.stringify(named2)) broken.push(`parties counted ${JSON.stringify(parties)}, the postings name ${JSON.stringify(named2)}`);
    // So are the postings a detail by party or by item counts before it reads one.
    const all2 = reads.postings(null, FAR, narrow);
    const postingCounts = [reads.postingCount(null, FAR, narrow, 'entity'), reads.postingCount(null, FAR, narrow, 'entity', ['ldg_customer']), reads.postingCount(null, FAR, narrow, 'item')];
    const listed = [named.length, named.filter((p) => customers.has(String(p.entity))).length, all2.filter((p) => p.item !== null).length];
    if (JSON.stringify(postingCounts) !== JSON.stringify(listed)) broken.push(`postings counted ${JSON.stringify(postingCounts)}, the postings are ${JSON.stringify(listed)}`);
  }
  // A purchase's header account read for four fields at once is the first of them that names one, read a field at a time
  // (bill payments name two of them).
  const purchases = ['ldg_bill', 'ldg_check', 'ldg_credit_card_charge', 'ldg_item_receipt', 'ldg_vendor_credit', 'ldg_credit_card_credit', 'ldg_bill_check_payment', 'ldg_bill_credit_card_payment'];
  const headerPaths = ['payablesAccount', 'bankAccount', 'creditCardAccount', 'account'];
  const rowReads = file.store.rowReads;
  const firstAtOnce = rowReads.firstReferencedBy(purchases, headerPaths, ['ldg_account'], null, FAR);
  const byField = headerPaths.map((path) => rowReads.referencedBy(purchases, path, ['ldg_account'], null, FAR));
  const firstByField = new Map([...(byField[0]?.keys() ?? [])].map((id) => [id, byField.map((m) => m.get(id) ?? null).find((v) => v !== null) ?? null]));
  if (JSON.stringify([...firstAtOnce].sort()) !== JSON.stringify([...firstByField].sort())) broken.push('the first header account read at once differs from the fields read one by one');
  if (db.prepare('SELECT 1 FROM open_dirty').get() !== undefined) broken.push('transactions marked in open_dirty after a write committed');
  // What the sales tax reports add up (kept as each sale posts) is what the sales say now.
  // So are the lots and serial numbers the stock moves name.
  const facts = (): string[] => ['SELECT * FROM sale_taxes ORDER BY 1', 'SELECT * FROM sale_tax_codes ORDER BY 1, 2', 'SELECT * FROM stock_numbers ORDER BY 1, 2, 3'].map((sql) => JSON.stringify(db.prepare(sql).raw().all()));
  const keptFacts = facts();
  db.exec('SAVEPOINT refacts; DELETE FROM sale_taxes; DELETE FROM sale_tax_codes; DELETE FROM stock_numbers');
  keepEveryFact(file.store, file.types);
  const saidFacts = facts();
  db.exec('ROLLBACK TO refacts; RELEASE refacts');
  keptFacts.forEach((kept, i) => {
    if (kept !== saidFacts[i]) broken.push(`kept facts (${['sale_taxes', 'sale_tax_codes', 'stock_numbers'][i]}) differ from what the documents say: ${kept.slice(0, 300)} != ${saidFacts[i]?.slice(0, 300)}`);
  });
  broken.push(...listCellsBroken(file));
  return broken;
}
