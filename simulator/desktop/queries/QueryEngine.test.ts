import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompanyFile } from '../../fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import { SimClock } from '../clock.ts';
import { DesktopError } from '../values/DesktopError.ts';
import { DesktopHost } from '../DesktopHost.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import type { JsonObject } from '../values/json.ts';
import { QueryEngine, type QueryParams } from './QueryEngine.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';

let host: DesktopHost;
let file: CompanyFile;

beforeAll(async () => {
  const types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
  host = new DesktopHost({ dataDir: undefined, clock: new SimClock(), types });
  file = host.application('c').file;
  seedCompanyFile(file, { seed: 4, sizes: { customers: 300, invoices: 500 } });
  // Names that SQLite (UTF-8 bytes) and a plain JavaScript comparison (UTF-16 units) order differently.
  for (const name of ['\u{1D49C} Qx Supplies', '\uFF26 Qx Traders', '\uFFFD Qx Glyph', 'Qx \u{1F993} Rides', 'Qx \uFF5E Tilde']) file.add('ldg_customer', { name });
});
afterAll(() => host.closeAll());

function idsOf(page: { data: Buffer[] }): string[] {
  const text = Buffer.concat(page.data).toString('utf8');
  return text === '' ? [] : (JSON.parse(`[${text}]`) as JsonObject[]).map((doc) => String(doc['id']));
}

/** A whole walk, with `between` run after every page: the ids in the order delivered. */
function walk(engine: QueryEngine, objectType: string, params: QueryParams, between: (page: number) => void = () => undefined): string[] {
  let page = engine.firstPage(objectType, params, 7);
  const ids = idsOf(page);
  for (let n = 1; page.cursor !== null; n += 1) {
    between(n);
    page = engine.nextPage(objectType, page.cursor, {}, 7);
    ids.push(...idsOf(page));
  }
  return ids;
}

function pick(objectType: string, field: string, nth: number): string {
  const row = file.store.db.prepare(`SELECT doc FROM objects WHERE type = ? ORDER BY seq LIMIT 1 OFFSET ?`).pluck().get(objectType, nth) as Buffer;
  const value = (JSON.parse(row.toString('utf8')) as JsonObject)[field];
  return String(typeof value === 'object' && value !== null ? (value as JsonObject)['id'] : value);
}

describe('reading a page through the filter and sorting, or walking the list in order', () => {
  const cases = (): [string, QueryParams][] => [
    ['ldg_customer', {}],
    ['ldg_customer', { status: 'all' }],
    ['ldg_customer', { nameContains: 'an' }],
    ['ldg_customer', { nameEndsWith: 'c' }],
    ['ldg_customer', { nameContains: 'qx' }],
    ['ldg_customer', { updatedBefore: pick('ldg_customer', 'updatedAt', 120) }],
    ['ldg_customer', { classIds: [pick('ldg_class', 'id', 1)] }],
    ['ldg_invoice', {}],
    ['ldg_invoice', { paymentStatus: 'not_paid' }],
    ['ldg_invoice', { transactionDateFrom: pick('ldg_invoice', 'transactionDate', 400) }],
  ];

  it('gives the same walks both ways, equal to the list as it was when the first page was asked', () => {
    for (const [objectType, params] of cases()) {
      const expected = walk(new QueryEngine(file), objectType, params);
      const sorted = walk(new QueryEngine(file, { fewMatches: Number.POSITIVE_INFINITY }), objectType, params);
      const walked = walk(new QueryEngine(file, { fewMatches: 0 }), objectType, params);
      expect(sorted, `${objectType} ${JSON.stringify(params)}`).toEqual(expected);
      expect(walked, `${objectType} ${JSON.stringify(params)}`).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('keeps the snapshot both ways while objects are added, renamed, deactivated and deleted between pages', () => {
    let round = 0;
    for (const [objectType, params] of cases()) {
      const before = walk(new QueryEngine(file), objectType, params);
      // Both engines open their sequence at the same write and see the same writes between pages.
      const sorted = new QueryEngine(file, { fewMatches: Number.POSITIVE_INFINITY });
      const walked = new QueryEngine(file, { fewMatches: 0 });
      let a = sorted.firstPage(objectType, params, 7);
      let b = walked.firstPage(objectType, params, 7);
      const seenA = idsOf(a);
      const seenB = idsOf(b);
      while (a.cursor !== null || b.cursor !== null) {
        round += 1;
        const added = file.add('ldg_customer', { name: `Aaa Between Pages ${round}` });
        const victim = before[round % before.length] ?? '';
        if (objectType === 'ldg_customer') {
          const renamed = file.modify('ldg_customer', victim, { revisionNumber: file.retrieve('ldg_customer', victim)['revisionNumber'] ?? null, name: `Zz Renamed ${round}` });
          try {
            file.modify('ldg_customer', victim, { revisionNumber: renamed['revisionNumber'] ?? null, isActive: false });
          } catch (error) {
            // A customer with active jobs stays active (the desktop's rule); the rename still counts.
            if (!(error instanceof DesktopError)) throw error;
          }
        } else {
          file.store.transaction(() => file.store.remove(objectType, victim));
        }
        file.store.transaction(() => file.store.remove('ldg_customer', String(added['id'])));
        if (a.cursor !== null) seenA.push(...idsOf((a = sorted.nextPage(objectType, a.cursor, {}, 7))));
        if (b.cursor !== null) seenB.push(...idsOf((b = walked.nextPage(objectType, b.cursor, {}, 7))));
      }
      expect(seenA, `${objectType} ${JSON.stringify(params)}`).toEqual(before);
      expect(seenB, `${objectType} ${JSON.stringify(params)}`).toEqual(before);
    }
  });
});

describe('later pages shared by the sequences that see the list as it is', () => {
  it('serves one walk to several walkers, and never to a sequence opened before a write', () => {
    const params: QueryParams = { nameContains: 'a' };
    const alone = walk(new QueryEngine(file), 'ldg_customer', params);
    // Made last: the store asks the newest engine which versions its open sequences still need.
    const engine = new QueryEngine(file);
    // Two walkers in step (the page size `walk` uses): the second reads every later page the first one kept.
    let a = engine.firstPage('ldg_customer', params, 7);
    let b = engine.firstPage('ldg_customer', params, 7);
    const seenA = idsOf(a);
    const seenB = idsOf(b);
    for (let n = 0; n < 3 && a.cursor !== null && b.cursor !== null; n += 1) {
      seenA.push(...idsOf((a = engine.nextPage('ldg_customer', a.cursor, {}, 7))));
      seenB.push(...idsOf((b = engine.nextPage('ldg_customer', b.cursor, {}, 7))));
    }
    // A write: a name that sorts first, and one of the next page's customers renamed to sort later.
    const next = alone[seenA.length] ?? '';
    const added = file.add('ldg_customer', { name: 'Aaaa Shared Pages' });
    file.modify('ldg_customer', next, { revisionNumber: file.retrieve('ldg_customer', next)['revisionNumber'] ?? null, name: 'Zzzz Shared Pages' });
    // A walker opened now walks the new list (and keeps its pages), ...
    const after = walk(engine, 'ldg_customer', params);
    expect(after[0]).toBe(String(added['id']));
    expect(after.indexOf(next)).toBeGreaterThan(alone.indexOf(next));
    // ... and the two opened before the write still get the list as it was when they started.
    while (a.cursor !== null) seenA.push(...idsOf((a = engine.nextPage('ldg_customer', a.cursor, {}, 7))));
    while (b.cursor !== null) seenB.push(...idsOf((b = engine.nextPage('ldg_customer', b.cursor, {}, 7))));
    expect(seenA).toEqual(alone);
    expect(seenB).toEqual(alone);
    // Walked again from the kept pages, the new list is what an engine with nothing kept reads.
    expect(walk(engine, 'ldg_customer', params)).toEqual(after);
    expect(walk(new QueryEngine(file), 'ldg_customer', params)).toEqual(after);
  });

  it('reads a kept page again once its type was written, even where the pages before did not move', () => {
    const engine = new QueryEngine(file);
    const params: QueryParams = { nameContains: 'e' };
    const before = walk(engine, 'ldg_customer', params);
    // One of the last page's customers goes inactive: every earlier page stays as it was.
    const last = before.at(-2) ?? '';
    file.modify('ldg_customer', last, { revisionNumber: file.retrieve('ldg_customer', last)['revisionNumber'] ?? null, isActive: false });
    expect(walk(engine, 'ldg_customer', params)).toEqual(before.filter((id) => id !== last));
  });
});
