import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../clock.ts';
import { CompanyFile } from '../CompanyFile.ts';
import { loadFixtureTools } from '../../fixtures/fixtureTools.ts';
import { FIXED_TODAY, middayOf, seedCompanyFile } from '../../fixtures/seedCompanyFile.ts';
import { refreshStatisticsAtOpen } from './sqliteSettings.ts';

let dir: string;
let filePath: string;
beforeAll(async () => {
  const tools = await loadFixtureTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-statistics-'));
  filePath = path.join(dir, 'company.sqlite');
  const file = new CompanyFile({ path: filePath, clock: new SimClock(() => middayOf(FIXED_TODAY) * 1000), types: tools.types });
  seedCompanyFile(file, { seed: 3, sizes: { customers: 60, invoices: 120 }, today: FIXED_TODAY });
  file.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('table statistics at open', () => {
  it('leaves a file whose statistics are fresh as it is, though SQLite would analyze its bodies again', () => {
    const db = new Database(filePath);
    try {
      expect((db.pragma('optimize=0x10003') as { optimize: string }[]).map((r) => r.optimize)).toContain('ANALYZE "main"."bodies"');
      expect(refreshStatisticsAtOpen(db)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('analyzes a table whose statistics are missing, as the planner needs them for the list filters', () => {
    const db = new Database(filePath);
    try {
      db.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'object_rows'");
      db.close();
      const reopened = new Database(filePath);
      try {
        expect(refreshStatisticsAtOpen(reopened)).toContain('ANALYZE "main"."object_rows"');
        expect(reopened.prepare("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'object_rows'").pluck().get()).toBeGreaterThan(0);
      } finally {
        reopened.close();
      }
    } finally {
      if (db.open) db.close();
    }
  });
});
