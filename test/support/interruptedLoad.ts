// A first bulk load that never ends, for firstLoad.test.ts: it says "writing" once pages have
// reached the file (a small page cache spills them) and keeps writing until it is killed.
import { CompanyFileStore, type IndexColumns } from '../../simulator/desktop/storage/CompanyFileStore.ts';

const COLUMNS: IndexColumns = { name: null, ref_number: null, is_active: 1, updated_at: 0, txn_date: null, tag: null, is_paid: null, balance_cents: null };
const store = new CompanyFileStore(process.argv[2] ?? '');
store.db.pragma('cache_size = 20');
store.bulk.transaction(() => {
  for (let i = 0; ; i += 1) {
    store.insert('ldg_customer', `C${i}`, { ...COLUMNS, name: `Customer ${i}` }, JSON.stringify({ id: `C${i}`, pad: 'x'.repeat(2000) }), null);
    if (i === 5_000) process.stdout.write('writing\n');
  }
});
