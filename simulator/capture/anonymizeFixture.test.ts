import { beforeAll, describe, expect, it } from 'vitest';
import { loadedFixture, sampleFixture, storedObjects } from '../../test/support/fixtureTestKit.ts';
import { isJsonObject, type JsonObject } from '../desktop/values/json.ts';
import { objectsOf } from '../fixtures/fixtureCollections.ts';
import { loadFixtureTools, type FixtureTools } from '../fixtures/fixtureTools.ts';
import { anonymizeFixture } from './anonymizeFixture.ts';

let tools: FixtureTools;
beforeAll(async () => {
  tools = await loadFixtureTools();
});

const PARTIES = ['customers', 'vendors', 'employees', 'otherNames'];

/** Account balances by name: what must not move when only who the books are about changes. */
function balances(fixture: JsonObject): Record<string, unknown> {
  const file = loadedFixture(tools, fixture);
  return Object.fromEntries(storedObjects(file, 'ldg_account').map((a) => [String(a['fullName']), a['balance']]));
}

describe('anonymizing a fixture', () => {
  it('is the same for the same salt and another for another salt', () => {
    const sample = sampleFixture();
    expect(JSON.stringify(anonymizeFixture(sample, 'a'))).toBe(JSON.stringify(anonymizeFixture(sampleFixture(), 'a')));
    expect(JSON.stringify(anonymizeFixture(sample, 'b'))).not.toBe(JSON.stringify(anonymizeFixture(sample, 'a')));
  });

  it('replaces every party name, email and memo, keeps names unique and within the request schema, and loads into the same balances', () => {
    const sample = sampleFixture();
    const anonymous = anonymizeFixture(sample, 'salt');
    const text = JSON.stringify(anonymous);
    const said: string[] = [];
    const collect = (value: unknown, key: string): void => {
      if (typeof value === 'string' && /^(name|email|memo|companyName|firstName|lastName)$/.test(key) && value.length >= 4) said.push(value);
      else if (Array.isArray(value)) for (const v of value) collect(v, key);
      else if (isJsonObject(value)) for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const name of PARTIES) collect(sample[name], name);
    for (const collection of tools.collections.filter((c) => c.model.row.kind === 'transaction')) for (const o of objectsOf(sample, collection)) collect(o['memo'], 'memo');
    expect(said.length).toBeGreaterThan(10);
    expect(said.filter((s) => text.includes(JSON.stringify(s)))).toEqual([]);
    for (const collection of tools.collections.filter((c) => PARTIES.includes(c.name))) {
      const names = objectsOf(anonymous, collection).map((o) => String(o['name'] ?? `${String(o['firstName'])} ${String(o['lastName'])}`).toLowerCase());
      expect(new Set(names).size, collection.name).toBe(names.length);
      const max = collection.request.properties?.['name']?.maxLength;
      if (max !== undefined) for (const n of names) expect(n.length, n).toBeLessThanOrEqual(max);
    }
    expect(balances(anonymous)).toEqual(balances(sample));
  });
});
