import { SimClock } from '../simulator/desktop/clock.ts';
import { CompanyFile } from '../simulator/desktop/CompanyFile.ts';
import { buildTypeRegistry } from '../simulator/desktop/engine/checkTypeTable.ts';
import { TYPE_TABLE } from '../simulator/desktop/table/typeTable.ts';
import { loadServiceSpec } from '../simulator/spec/serviceSpec.ts';
import { benchFilters, listsOf } from './benchLists.ts';

// A child process of the bench: every filter's first page of some lists of a company file on disk,
// opened read-only beside the server that keeps it, in a fresh process as the server's own is.
// Timed in the bench's process after its loads (a heap of a gigabyte and more), the reference
// number searches of 80,000 invoices took 14-34 ms against 11-14 ms in a fresh process.
// Prints { filters, unmeasured } as JSON.

const [filePath, resources] = process.argv.slice(2);
if (!filePath || !resources) throw new Error('usage: filtersProcess.ts COMPANY_FILE RESOURCE[,RESOURCE...]');
const { operations } = await loadServiceSpec();
const types = buildTypeRegistry(TYPE_TABLE, operations);
const file = new CompanyFile({ path: filePath, readOnly: true, clock: new SimClock(), types });
try {
  process.stdout.write(`${JSON.stringify(benchFilters(file, listsOf(resources.split(','), operations, types)))}\n`);
} finally {
  file.close();
}
