import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { seedCompanyFile } from '../../simulator/fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../simulator/spec/indexOperations.ts';
import { loadSpec } from '../../simulator/spec/loadSpec.ts';
import { SimClock } from '../../simulator/desktop/clock.ts';
import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopHost } from '../../simulator/desktop/DesktopHost.ts';
import { buildTypeRegistry } from '../../simulator/desktop/engine/checkTypeTable.ts';
import type { TypeRegistry } from '../../simulator/desktop/engine/TypeRegistry.ts';
import { TYPE_TABLE } from '../../simulator/desktop/table/typeTable.ts';

/**
 * Seeded company files for the tests of the books, each in a folder of its own that goes with the
 * test file, on a clock stopped at 2025-07-01. Call at the top of a test file: it registers the
 * hooks that make the type registry and remove the folders.
 */
export function seededBooks(sizes: Record<string, number>): (seed: number) => CompanyFile {
  let types: TypeRegistry;
  const dirs: string[] = [];
  beforeAll(async () => {
    types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
  });
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (seed) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-books-'));
    dirs.push(dir);
    const host = new DesktopHost({ dataDir: dir, clock: new SimClock(() => Date.UTC(2025, 6, 1)), types });
    const file = host.application('c').file;
    seedCompanyFile(file, { seed, sizes });
    return file;
  };
}
