import fs from 'node:fs';
import path from 'node:path';
import { SimClock } from '../../simulator/desktop/clock.ts';
import { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import type { JsonObject } from '../../simulator/desktop/values/json.ts';
import { parseFixtureText } from '../../simulator/fixtures/fixtureFile.ts';
import { FIXTURE_SCHEMA_PATH } from '../../simulator/fixtures/fixtureSchemaFile.ts';
import type { FixtureTools } from '../../simulator/fixtures/fixtureTools.ts';
import { loadFixture } from '../../simulator/fixtures/loadFixture.ts';

/** Tests load at a fixed instant, so objects without createdAt get the same timestamps every run. */
export const TEST_NOW_MS = Date.UTC(2025, 6, 1, 12, 0, 0);

/** A company file of its own for one test: in memory unless a path is given. */
export function scratchCompanyFile(tools: FixtureTools, filePath = ':memory:'): CompanyFile {
  return new CompanyFile({ path: filePath, clock: new SimClock(() => TEST_NOW_MS), types: tools.types });
}

/** The committed sample company (fixtures/sample-company.yaml), parsed afresh for each caller to change. */
export function sampleFixture(): JsonObject {
  const text = fs.readFileSync(path.join(path.dirname(FIXTURE_SCHEMA_PATH), 'sample-company.yaml'), 'utf8');
  return parseFixtureText(text, 'yaml').root as JsonObject;
}

/** A scratch company file with a fixture loaded into it. */
export function loadedFixture(tools: FixtureTools, fixture: JsonObject): CompanyFile {
  const file = scratchCompanyFile(tools);
  loadFixture(file, fixture, tools);
  return file;
}

/** Every stored object of a type, with its linked transactions, as the Service would return it. */
export function storedObjects(file: CompanyFile, type: string): JsonObject[] {
  const rows = file.store.db.prepare('SELECT doc, linked FROM objects WHERE type = ? ORDER BY seq').all(type) as { doc: Buffer; linked: string | null }[];
  return rows.map((r) => ({ ...(JSON.parse(r.doc.toString('utf8')) as JsonObject), ...(r.linked ? { linkedTransactions: JSON.parse(r.linked) as JsonObject[] } : {}) }));
}

/** Everything a company file holds, rows and meta, for "nothing changed" comparisons. */
export function contentsOf(file: CompanyFile): string {
  const rows = file.store.db.prepare('SELECT * FROM objects ORDER BY seq').all() as Record<string, unknown>[];
  const meta = file.store.db.prepare('SELECT * FROM meta ORDER BY key').all();
  return JSON.stringify({ rows: rows.map((r) => ({ ...r, doc: Buffer.isBuffer(r['doc']) ? r['doc'].toString('utf8') : r['doc'] })), meta });
}
