import { SimClock } from '../simulator/desktop/clock.ts';
import { DesktopHost } from '../simulator/desktop/DesktopHost.ts';
import { seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';
import { indexOperations } from '../simulator/spec/indexOperations.ts';
import { loadSpec } from '../simulator/spec/loadSpec.ts';
import { buildTypeRegistry } from '../simulator/desktop/engine/checkTypeTable.ts';
import { TYPE_TABLE } from '../simulator/desktop/types/typeTable.ts';
const types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
const host = new DesktopHost({ dataDir: undefined, clock: new SimClock(), types });
const app = host.application('company_bench');
seedCompanyFile(app.file, { seed: 1, sizes: { customers: Number(process.argv[2] ?? 2000), invoices: 0 } });
const db = app.file.store.db;
db.exec('ANALYZE');
const q = app.queries as any;
const args = (plan: any, S: number, k: string, s: number) => { const p = plan.params; return [...p, S, k, s, ...p, S, k, ...p, S, S, k, s, ...p, S, S, k, 150]; };
for (const params of [{}, { status: 'all' }, { nameContains: 'smith' }, {classIds: ['x']}]) {
  const plan = q.planOf('ldg_customer', params);
  const sql = plan.pageSql;
  console.log(JSON.stringify(params));
  for (const r of db.prepare('EXPLAIN QUERY PLAN ' + sql).all(...args(plan, 5, '', 0)) as any[]) console.log('  ', r.detail);
  const t = performance.now(); let n = 0;
  const st = db.prepare(sql);
  for (let i = 0; i < 200; i++) n += st.all(...args(plan, 1e9, 'm', 0)).length;
  console.log('   page', ((performance.now() - t) / 200).toFixed(3), 'ms', n / 200);
  const t2 = performance.now();
  const c = db.prepare(`SELECT COUNT(*) FROM objects WHERE ${plan.current}`).pluck().get(...plan.params);
  console.log('   count', c, (performance.now() - t2).toFixed(2), 'ms');
}
