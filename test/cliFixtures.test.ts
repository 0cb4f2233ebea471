import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../simulator/desktop/values/json.ts';
import { parseFixtureText, serializeFixture, SHAPE_THREAD_MIN_BYTES } from '../simulator/fixtures/fixtureFile.ts';
import { FIXTURE_SCHEMA_PATH } from '../simulator/fixtures/fixtureSchemaFile.ts';
import { loadFixtureTools, type FixtureTools } from '../simulator/fixtures/fixtureTools.ts';
import { generateFixture } from '../simulator/fixtures/generateFixture.ts';
import { fixturesCommand } from '../simulator/cli/fixturesCommand.ts';
import { countObjects } from '../simulator/fixtures/fixtureCounts.ts';
import { scaleOf, sizesAtScale } from '../simulator/fixtures/seedCompanyFile.ts';
import { readyFilePath, writeReadyFile } from '../simulator/api/readyFile.ts';
import { runInProcess } from './support/cliInProcess.ts';
import { runCli } from './support/cliProcess.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-cli-fixtures-'));
const SAMPLE = path.join(path.dirname(FIXTURE_SCHEMA_PATH), 'sample-company.yaml');
let tools: FixtureTools;
beforeAll(async () => {
  tools = await loadFixtureTools();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const NO_STACK = /^\s+at .+\(.*:\d+:\d+\)$/m;

describe('ledger-sim fixtures generate and validate', () => {
  it('writes the same bytes as the library for the same options, in the format of the extension', async () => {
    const out = path.join(dir, 'gen.yaml');
    const run = await runCli(['fixtures', 'generate', '--seed', '3', '--customers', '25', '--invoices', '60', '--profile', 'edge', '--today', '2026-03-16', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    // The types not named in proportion to the named ones (sizeOptions.test.ts).
    const fixture = generateFixture({ seed: 3, sizes: sizesAtScale({ customers: 25, invoices: 60 }, scaleOf({ customers: 25, invoices: 60 })), profile: 'edge', today: '2026-03-16' }, tools);
    // Every collection's count in the summary, most first.
    expect(run.stdout).toMatch(/^wrote .*gen\.yaml in [\d.]+ s \(dated up to the day before 2026-03-16\): [\d,]+ objects: [\d,]+ \w+, /);
    expect(run.stdout).toContain(`): ${countObjects(fixture).text}\n`);
    expect(run.stdout).toMatch(/: [\d,]+ objects: 60 invoices, .*, 25 customers, /);
    expect(run.stderr).toBe('');
    const expected = serializeFixture(fixture, 'yaml');
    expect(fs.readFileSync(out, 'utf8') === expected).toBe(true);
  });

  it('reports every problem of every file with file, line, object and field, exits 1, and prints no stack trace', async () => {
    const bad = path.join(dir, 'bad.yaml');
    fs.writeFileSync(
      bad,
      ['fixtureVersion: 2', 'company: {name: Bad Co}', 'customers:', '  - name: Acme', '    terms: Net 45', '    nickname: Ace', 'invoices:', '  - customer: Nobody', '    transactionDate: 2025-02-30', ''].join('\n'),
    );
    const run = await runCli(['fixtures', 'validate', SAMPLE, bad]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${SAMPLE}: valid, 132 objects: 15 accounts, 14 invoices, 10 customers, 6 payments, `);
    expect(run.stdout).toContain(`${bad}:5: customers[0] (name "Acme") field "terms": no standard term or date driven term with the full name or key "Net 45"`);
    expect(run.stdout).toContain(`${bad}:6: customers[0] (name "Acme") field "nickname": is not a known field`);
    expect(run.stdout).toContain(`${bad}:8: invoices[0] field "customer": no customer with the full name or key "Nobody"`);
    expect(run.stdout).toContain(`${bad}:9: invoices[0] field "transactionDate": must be a date as YYYY-MM-DD`);
    expect(run.stdout).toContain(`${bad}: 4 problems; not loadable`);
    // In the order of the file's lines, whatever order the checks found them in.
    const lines = [...run.stdout.matchAll(new RegExp(`^${bad.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):`, 'gm'))].map((m) => Number(m[1]));
    expect(lines).toEqual([5, 6, 8, 9]);
    expect(run.stdout + run.stderr).not.toMatch(NO_STACK);
  });

  it('makes a smaller company of every type when one size is named', async () => {
    const out = path.join(dir, 'small.json');
    const run = await runInProcess(fixturesCommand, ['generate', '--size', 'customers=50', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const counts = Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync(out, 'utf8')) as JsonObject).map(([k, v]) => [k, Array.isArray(v) ? v.length : 0]));
    // A twentieth of the demo's 1,000 customers: a twentieth of its invoices and paychecks too (four vendors: three tax agencies and one to buy from).
    expect(counts).toMatchObject({ customers: 50, invoices: 150, paychecks: 30, vendors: 4 });
    // The demo's 8,854 objects at a twentieth, with the lists every company keeps whole and
    // a bill a month for job parts (two years of them, whatever the size): under 750.
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeLessThan(750);
  });

  it('refuses bad usage with a message and exit 2', async () => {
    // No flags and no sandbox running from the data directory: nowhere to load into.
    const run = await runCli(['fixtures', 'load', SAMPLE], { env: { ...process.env, LEDGER_SIM_DATA_DIR: dir, SERVICE_BASE_URL: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no sandbox is running from ${dir}`);
    expect(run.stderr).not.toMatch(NO_STACK);
    // A today that is no date is refused before anything is written.
    for (const today of ['2026-13-45', 'yesterday', '2026-02-30']) {
      const out = path.join(dir, `bad-today-${today}.json`);
      const bad = await runInProcess(fixturesCommand, ['generate', '--today', today, '--out', out]);
      expect(bad.code, today).toBe(2);
      expect(bad.stderr).toContain(`--today must be a date YYYY-MM-DD, got "${today}"`);
      expect(fs.existsSync(out)).toBe(false);
    }
  });
});

describe('ledger-sim fixtures load and export with --data-dir', () => {
  // The commands' functions in this process: a process start per load or export took seconds (generate and validate above run as processes).
  const fixtures = (args: string[]) => runInProcess(fixturesCommand, args);
  const dataDir = path.join(dir, 'data');

  it('loads into a new end user, and loading the export then exporting again gives the same file', async () => {
    const load = await fixtures(['load', SAMPLE, '--data-dir', dataDir]);
    expect(load.code, load.stderr).toBe(0);
    const endUser = load.stdout.trim();
    expect(endUser).toMatch(/^end_usr_[a-z0-9]+$/);
    // Every collection's count: what was added of each.
    expect(load.stderr).toMatch(new RegExp(`into a new company file of end user ${endUser} in [\\d.]+ s: 132 objects: 15 accounts, 14 invoices, 10 customers, 6 payments, `));

    const first = path.join(dir, 'first.json');
    expect((await fixtures(['export', '--end-user', endUser, '--data-dir', dataDir, '--out', first])).code).toBe(0);
    const again = await fixtures(['load', first, '--data-dir', dataDir]);
    expect(again.code, again.stderr).toBe(0);
    const second = path.join(dir, 'second.json');
    const exported = await fixtures(['export', '--end-user', again.stdout.trim(), '--data-dir', dataDir, '--out', second]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(fs.readFileSync(second).equals(fs.readFileSync(first))).toBe(true);
  });

  it('refuses to load into the data directory of a running sandbox, saying how to load through it', async () => {
    const running = path.join(dir, 'running');
    fs.mkdirSync(running, { recursive: true });
    // This process stands for the sandbox: its ready file names a live process.
    writeReadyFile(readyFilePath(running), { pid: process.pid, baseUrl: 'https://localhost:4443/v1', httpUrl: 'http://localhost:4080', dashboardUrl: 'http://localhost:4080', demoEmail: 'demo@ledger-sim.test', demoPassword: 'x', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', endUserIds: [], caCertPath: path.join(running, 'tls', 'ca-cert.pem') });
    const run = await fixtures(['load', SAMPLE, '--data-dir', running]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`a sandbox is running on ${running} (process ${process.pid} at https://localhost:4443/v1)`);
    expect(run.stderr).toContain('--base-url https://localhost:4443/v1');
    expect(fs.existsSync(path.join(running, 'service.sqlite'))).toBe(false);
  });

  it('checks a large file on a second thread: loads a good one, and refuses a bad one as it refuses a small one', async () => {
    // Spaces after the JSON make the sample as large as a file that is checked on a second thread.
    const large = (fixture: JsonObject, name: string): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, `${JSON.stringify(fixture)}${' '.repeat(SHAPE_THREAD_MIN_BYTES)}`);
      return file;
    };
    const sample = (): JsonObject => parseFixtureText(fs.readFileSync(SAMPLE, 'utf8'), 'yaml').root as JsonObject;
    const good = await fixtures(['load', large(sample(), 'large.json'), '--data-dir', dataDir]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).toContain('132 objects');
    expect(good.stderr).not.toContain('checked on this thread');

    const broken = sample();
    ((broken['customers'] as JsonObject[])[1] as JsonObject)['favouriteColour'] = 'blue';
    const bad = await fixtures(['load', large(broken, 'large-bad.json'), '--data-dir', dataDir]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/large-bad\.json: customers\[1\] \(name "[^"]+"\) field "favouriteColour": is not a known field/);
    expect(bad.stderr).toContain('not loaded');
    expect(bad.stderr).not.toMatch(NO_STACK);
  });
});
