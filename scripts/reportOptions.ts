/**
 * Lists every report type and `summarizeColumnsBy` / `summarizeRowsBy` value of the spec that a
 * seeded company file does not answer with a body the spec allows (3250 feature not enabled, a
 * refusal by design, or an invalid body): `npx tsx scripts/reportOptions.ts`. Issue 40 keeps the
 * list before and after in its report; the last lines count them by kind: refused by design (the
 * desktop offers no such columns, decision 22), past a size limit, or not computed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DesktopHost } from '../simulator/desktop/DesktopHost.ts';
import { SimClock } from '../simulator/desktop/clock.ts';
import { buildTypeRegistry } from '../simulator/desktop/engine/checkTypeTable.ts';
import { runReport } from '../simulator/desktop/reports/runReport.ts';
import { TYPE_TABLE } from '../simulator/desktop/table/typeTable.ts';
import type { JsonValue } from '../simulator/desktop/values/json.ts';
import { seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';
import { loadServiceSpec } from '../simulator/spec/serviceSpec.ts';

const { operations, validators } = await loadServiceSpec();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-options-'));
const file = new DesktopHost({ dataDir: dir, clock: new SimClock(() => Date.UTC(2025, 6, 1)), types: buildTypeRegistry(TYPE_TABLE, operations) }).application('options').file;
seedCompanyFile(file, { seed: 3, sizes: { customers: 12, invoices: 30, 'sales-receipts': 6, 'credit-memos': 4, bills: 8, checks: 5, paychecks: 6, 'journal-entries': 2, estimates: 4 } });
const out: string[] = [];
let tried = 0;
for (const op of operations.values()) {
  if (!op.path.startsWith('/ledger-desktop/reports/')) continue;
  const family = op.path.split('/').at(-1) ?? '';
  const param = (name: string): { required: boolean; schema: { enum?: unknown[] } } | undefined => op.parameters.find((p) => p.name === name);
  const enumOf = (name: string): string[] => (param(name)?.schema.enum ?? []).map(String);
  for (const name of ['summarizeColumnsBy', 'summarizeRowsBy']) {
    const other = name === 'summarizeColumnsBy' ? 'summarizeRowsBy' : 'summarizeColumnsBy';
    for (const reportType of enumOf('reportType')) {
      for (const value of enumOf(name)) {
        const query: Record<string, JsonValue> = { reportType, [name]: value, reportDateMacro: 'all' };
        if (param(other)?.required) query[other] = enumOf(other).includes('total_only') ? 'total_only' : 'account';
        if (param('fiscalYear')?.required) query['fiscalYear'] = 2025;
        const v = validators.get(op.operationId);
        v?.query(query);
        tried += 1;
        try {
          if (!v?.response?.(runReport(file, family, query))) out.push(`${family} ${reportType} ${name}=${value}: invalid ${JSON.stringify(v?.response?.errors?.[0])}`);
        } catch (error) {
          out.push(`${family} ${reportType} ${name}=${value}: ${error instanceof Error ? `${error.constructor.name} ${error.message.slice(0, 100)}` : String(error)}`);
        }
      }
    }
  }
}
console.log(out.join('\n'));
const kinds = { 'refused by design': / the desktop offers no /, 'past a size limit': /RequestInputError .*more than/ };
for (const [kind, pattern] of Object.entries(kinds)) console.log(`${out.filter((line) => pattern.test(line)).length} ${kind}`);
console.log(`${out.filter((line) => !Object.values(kinds).some((p) => p.test(line))).length} not computed or invalid`);
console.log(`${out.length} of ${tried} combinations not answered`);
fs.rmSync(dir, { recursive: true, force: true });
