import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { deleteTransaction, voidTransaction } from '../../simulator/desktop/removeTransaction.ts';
import { SimClock } from '../../simulator/desktop/clock.ts';
import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopError } from '../../simulator/desktop/values/DesktopError.ts';
import { DesktopHost } from '../../simulator/desktop/DesktopHost.ts';
import { buildTypeRegistry } from '../../simulator/desktop/engine/checkTypeTable.ts';
import type { TypeRegistry } from '../../simulator/desktop/engine/TypeRegistry.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../simulator/desktop/values/json.ts';
import { fromCents } from '../../simulator/desktop/values/money.ts';
import { runReport } from '../../simulator/desktop/reports/runReport.ts';
import { TYPE_TABLE } from '../../simulator/desktop/table/typeTable.ts';
import { EMPTY_SIZES, seedCompanyFile } from '../../simulator/fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../simulator/spec/indexOperations.ts';
import { loadSpec } from '../../simulator/spec/loadSpec.ts';
import { figure, type ReportJson } from '../support/reportFigures.ts';

/**
 * Accounting scenarios as golden files, one per file in this folder: what the company file is given,
 * what is written, and what the books must then say, worked out by hand. Each runs in this process on
 * an in-memory company file that holds the setup lists every new file has (its chart of accounts with
 * their opening balances, three vendors, terms...) and nothing else, so every figure comes from the
 * scenario.
 *
 *   given / write: steps, each one of
 *     add: TYPE, body: {...}, as: NAME          a new object, known as NAME to later steps
 *     modify: NAME, body: {...}                  a change (its revision number is filled in)
 *     delete: NAME / void: NAME                  a transaction removed or voided
 *     refused: CODE                              the step must fail with this desktop status
 *   In bodies, "$NAME" is the id of an object a step made ("$NAME.lines.0.id" a field of it as it
 *   reads now), "@Full Name" the id of that account.
 *   expect:
 *     postings: { NAME: { Account full name: amount } }   each write's postings by account, debits
 *                                                          positive, credits negative; {} for none
 *     accounts: { Account full name: balance }             as the account shows it
 *     objects: { NAME: { field: value } }                  fields of an object as it reads now
 *     reports: [{ family, query, figures: { row label: amount }, column }]
 */

const DIR = path.dirname(fileURLToPath(import.meta.url));
/** The desktop's today for every scenario: a write's date is its own. */
const TODAY = Date.UTC(2025, 11, 31, 12);

interface Step {
  add?: string;
  modify?: string;
  delete?: string;
  void?: string;
  as?: string;
  body?: JsonObject;
  refused?: number;
}

interface Scenario {
  scenario: string;
  given?: Step[];
  write: Step[];
  expect: {
    postings?: Record<string, Record<string, string>>;
    accounts?: Record<string, string>;
    objects?: Record<string, JsonObject>;
    reports?: { family: string; query: JsonObject; column?: string; figures: Record<string, string> }[];
  };
}

/** What a scenario has made, by the names it gave. */
interface Made {
  type: string;
  id: string;
}

class ScenarioRun {
  readonly made = new Map<string, Made>();
  private readonly accountIds: Map<string, string>;

  constructor(readonly file: CompanyFile) {
    this.accountIds = new Map(this.accounts().map((a) => [String(a['fullName']), String(a['id'])]));
  }

  accounts(): JsonObject[] {
    return (this.file.store.db.prepare("SELECT doc FROM objects WHERE type = 'ldg_account' ORDER BY seq").pluck().all() as Buffer[]).map((d) => JSON.parse(d.toString('utf8')) as JsonObject);
  }

  private named(name: string): Made {
    const made = this.made.get(name);
    if (!made) throw new Error(`no step made "${name}"`);
    return made;
  }

  /** A body with its "$NAME" and "@Account" strings read. */
  resolve(value: JsonValue): JsonValue {
    if (typeof value === 'string' && value.startsWith('$')) {
      const [name = '', ...field] = value.slice(1).split('.');
      if (field.length === 0) return this.named(name).id;
      let at: JsonValue | undefined = this.object(name);
      for (const key of field) at = Array.isArray(at) ? at[Number(key)] : isJsonObject(at) ? at[key] : undefined;
      if (at === undefined) throw new Error(`${value}: no such field`);
      return at;
    }
    if (typeof value === 'string' && value.startsWith('@')) {
      const id = this.accountIds.get(value.slice(1));
      if (!id) throw new Error(`no account "${value.slice(1)}"`);
      return id;
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v));
    if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v)]));
    return value;
  }

  step(step: Step): void {
    const run = (): void => {
      const body = this.resolve(step.body ?? {}) as JsonObject;
      if (step.add) {
        const doc = this.file.add(step.add, body);
        if (step.as) this.made.set(step.as, { type: step.add, id: String(doc['id']) });
      } else if (step.modify) {
        const { type, id } = this.named(step.modify);
        this.file.modify(type, id, { revisionNumber: String(this.file.retrieve(type, id)['revisionNumber']), ...body });
      } else if (step.delete) {
        const { type, id } = this.named(step.delete);
        deleteTransaction(this.file, type, id);
      } else if (step.void) {
        const { type, id } = this.named(step.void);
        voidTransaction(this.file, type, id);
      } else throw new Error(`a step needs add, modify, delete or void: ${JSON.stringify(step)}`);
    };
    if (step.refused === undefined) return run();
    let status: number | undefined;
    try {
      run();
    } catch (error) {
      if (!(error instanceof DesktopError)) throw error;
      status = error.status;
    }
    expect(status, `${JSON.stringify(step)} refused`).toBe(step.refused);
  }

  /** A transaction's postings summed by account full name, as amounts. */
  postingsOf(name: string): Record<string, string> {
    const names = new Map(this.accounts().map((a) => [String(a['id']), String(a['fullName'])]));
    const sums = new Map<string, number>();
    for (const p of this.file.store.ledger.postingsOf(this.named(name).id)) {
      const account = names.get(p.account) ?? p.account;
      sums.set(account, (sums.get(account) ?? 0) + p.cents);
    }
    return Object.fromEntries([...sums].filter(([, cents]) => cents !== 0).map(([account, cents]) => [account, fromCents(cents)]));
  }

  object(name: string): JsonObject {
    const { type, id } = this.named(name);
    return this.file.retrieve(type, id);
  }
}

const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();
let types: TypeRegistry;

beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

describe('accounting scenarios (test/scenarios/*.yaml)', () => {
  it('has scenarios to run', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files)('%s', (name) => {
    const scenario = YAML.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as Scenario;
    const host = new DesktopHost({ dataDir: undefined, clock: new SimClock(() => TODAY), types });
    try {
      const file = host.application('scenario').file;
      seedCompanyFile(file, { seed: 1, sizes: EMPTY_SIZES });
      const run = new ScenarioRun(file);
      for (const step of scenario.given ?? []) run.step(step);
      for (const step of scenario.write) run.step(step);
      const { postings, accounts, objects, reports } = scenario.expect;
      for (const [made, want] of Object.entries(postings ?? {})) expect(run.postingsOf(made), `${scenario.scenario}: postings of ${made}`).toEqual(want);
      const balances = new Map(run.accounts().map((a) => [String(a['fullName']), a['balance']]));
      for (const [account, want] of Object.entries(accounts ?? {})) expect(balances.get(account), `${scenario.scenario}: balance of ${account}`).toBe(want);
      for (const [made, fields] of Object.entries(objects ?? {})) expect(run.object(made), `${scenario.scenario}: ${made}`).toMatchObject(fields);
      for (const report of reports ?? []) {
        const answer = runReport(file, report.family, report.query as Record<string, JsonValue>) as unknown as ReportJson;
        for (const [label, want] of Object.entries(report.figures)) {
          expect(fromCents(figure(answer, label, report.column ?? 'total')), `${scenario.scenario}: ${String(report.query['reportType'])} "${label}"`).toBe(want);
        }
      }
    } finally {
      host.closeAll();
    }
  });
});
