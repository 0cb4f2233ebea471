import { SimClock } from '../desktop/clock.ts';
import { CompanyFile } from '../desktop/CompanyFile.ts';
import { isStocked } from '../desktop/books/stock.ts';
import { parseDoc } from '../desktop/storage/CompanyFileStore.ts';
import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import { fromCents, toCents } from '../desktop/values/money.ts';
import { loadFixture } from '../fixtures/loadFixture.ts';
import { FixtureError } from '../fixtures/FixtureProblem.ts';
import type { FixtureTools } from '../fixtures/fixtureTools.ts';
import type { ShapeVerdict } from '../fixtures/ShapeCheckThread.ts';
import type { CaptureState } from './CaptureState.ts';

/** Where a balance is read, and the request field that sets what it started with. */
const PARTIES: readonly { collection: string; type: string }[] = [
  { collection: 'customers', type: 'ldg_customer' },
  { collection: 'vendors', type: 'ldg_vendor' },
];
/**
 * Accounts whose balance follows from others' openings (receivables and payables from the parties',
 * inventory assets from the items', equity from every opening's other side): not given one of their own.
 */
const FOLLOWING = new Set(['accounts_receivable', 'accounts_payable', 'equity']);

/** How two company files name the same object: ids differ, names do not. */
const nameOf = (doc: JsonObject): string => String(doc['fullName'] ?? doc['name']);
const money = (v: JsonValue | undefined): number => toCents(typeof v === 'string' ? v : null);
/** A unit cost, which carries more places than money. */
const rate = (v: JsonValue | undefined): number => (typeof v === 'string' ? Number(v) : 0);
const num = (v: JsonValue | undefined): number => (typeof v === 'number' ? v : 0);

/** The verdict on a fixture shaped by the export itself. */
const SHAPED: ShapeVerdict = { problems: () => [] };

export interface InferredOpenings {
  openings: Map<string, Record<string, JsonValue>>;
  notes: string[];
}

/**
 * What the company file started with, which no answer of the API holds (opening balances, the
 * stock items were made with): the captured transactions are loaded into a scratch company file
 * and every balance the API showed is compared with what they explain. What is left is the
 * opening: of a customer or vendor, of a balance-sheet account, of an item's quantity, and its
 * value (the API's quantity times average cost, less what the transactions explain).
 */
export function inferOpenings(tools: FixtureTools, state: CaptureState, fixture: JsonObject): InferredOpenings {
  const file = new CompanyFile({ path: ':memory:', clock: new SimClock(), types: tools.types });
  try {
    try {
      // Made by the export from the API's answers, which the spec shaped: its shape needs no second check
      // (compiling the fixture schema's check was a third of a demo file's capture).
      loadFixture(file, fixture, tools, { shape: SHAPED });
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      const first = error.problems[0];
      return { openings: new Map(), notes: [`opening balances and stock: not inferred, the captured transactions did not load (${error.message}${first ? `; first: ${first.message}` : ''})`] };
    }
    const loaded = (type: string): Map<string, JsonObject> => {
      const out = new Map<string, JsonObject>();
      for (const buffer of file.store.rowReads.allOf(type)) {
        const doc = parseDoc<JsonObject>(buffer);
        out.set(nameOf(doc), doc);
      }
      return out;
    };
    const openings = new Map<string, Record<string, JsonValue>>();
    const counts = { parties: 0, accounts: 0, items: 0 };
    const set = (id: string, key: string, value: JsonValue): void => {
      openings.set(id, { ...openings.get(id), [key]: value });
    };
    for (const { collection, type } of PARTIES) {
      const scratch = loaded(type);
      for (const doc of state.types[collection]?.objects ?? []) {
        const diff = money(doc['balance']) - money(scratch.get(nameOf(doc))?.['balance']);
        if (diff === 0) continue;
        set(String(doc['id']), 'openingBalance', fromCents(diff));
        counts.parties += 1;
      }
    }
    // Accounts stock is kept in take their opening from the items'.
    const stockAccounts = new Set(
      tools.collections.flatMap((c) => (state.types[c.name]?.objects ?? []).filter((o) => isStocked(o)).map((o) => (o['assetAccount'] as { id?: string } | null)?.id)),
    );
    const accounts = loaded('ldg_account');
    for (const doc of state.types['accounts']?.objects ?? []) {
      if (FOLLOWING.has(String(doc['accountType'])) || stockAccounts.has(String(doc['id']))) continue;
      const diff = money(doc['balance']) - money(accounts.get(nameOf(doc))?.['balance']);
      if (diff === 0) continue;
      set(String(doc['id']), 'openingBalance', fromCents(diff));
      counts.accounts += 1;
    }
    for (const collection of tools.collections) {
      const objects = state.types[collection.name]?.objects ?? [];
      if (!objects.some((o) => isStocked(o))) continue;
      const scratch = loaded(collection.model.objectType);
      for (const doc of objects) {
        const after = scratch.get(nameOf(doc));
        const quantity = Math.round((num(doc['quantityOnHand']) - num(after?.['quantityOnHand'])) * 100_000) / 100_000;
        const value = Math.round(100 * (num(doc['quantityOnHand']) * rate(doc['averageCost']) - num(after?.['quantityOnHand']) * rate(after?.['averageCost'])));
        if (quantity === 0 && value === 0) continue;
        set(String(doc['id']), 'quantityOnHand', quantity);
        set(String(doc['id']), 'totalValue', fromCents(value));
        counts.items += 1;
      }
    }
    const notes = [
      `opening balances: not readable through the API; ${counts.parties} customers and vendors and ${counts.accounts} accounts were given the part of their balance the captured transactions do not explain (dated when loaded, not when first entered)`,
      `opening stock: not readable; ${counts.items} items were given the quantity and value their stock on hand has beyond what the captured transactions moved (value from the average cost the API shows)`,
    ];
    return { openings, notes };
  } finally {
    file.close();
  }
}
