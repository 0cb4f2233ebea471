import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedPackage } from '../../scripts/installPackedPackage.ts';

// Issue 38: the package as a user gets it. Packs the project, installs the tarball into a temporary
// folder with production dependencies only, and uses it there: the CLI, the API from an ESM and a
// TypeScript consumer, and both recipes of examples/. Slow (the install compiles the SQLite
// binding when its prebuilt binary cannot be downloaded): `npm run test:package`, run by .ci/run.
const RUN = process.env['PACKAGE_TEST'] === '1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-package-'));
const app = path.join(work, 'app');
/** The installed package writes its cache here, not into node_modules (checked at the end). */
const env = { ...process.env, XDG_CACHE_HOME: path.join(work, 'cache'), LEDGER_SIM_CACHE_DIR: '', npm_config_update_notifier: 'false' };
const installed = path.join(app, 'node_modules/ledger-sim');
let filesAfterInstall: string[] = [];

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const npx = (args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => run('npx', ['--no-install', ...args], { cwd: options.cwd ?? app, env: options.env ?? env, maxBuffer: 64 * 1024 * 1024 });

describe.skipIf(!RUN)('the packed package, installed with production dependencies only', () => {
  beforeAll(async () => {
    const pkg = await installPackedPackage(work, env);
    const kB = (bytes: number): string => `${(bytes / 1024).toFixed(0)} kB`;
    process.stderr.write(`package: ${path.basename(pkg.tarball)} ${kB(pkg.packedBytes)} packed, ${kB(pkg.unpackedBytes)} unpacked, ${pkg.files} files; installed in ${pkg.installSeconds.toFixed(1)} s\n`);
    filesAfterInstall = listFiles(installed);
  }, 600_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('ships compiled code, declarations, spec, fixture schema and samples, and no TypeScript sources or development tools', () => {
    expect(filesAfterInstall).toEqual(expect.arrayContaining(['bin/ledger-sim.js', 'dist/cli/ledger-sim.mjs', 'dist/cli/index.mjs', 'dist/cli/client.mjs', 'dist/types/simulator/api/index.d.ts', 'dist/types/simulator/api/client.d.ts', 'spec/openapi.yaml', 'fixtures/fixture.schema.json', 'fixtures/sample-company.yaml', 'README.md', 'LICENSE']));
    expect(filesAfterInstall.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(filesAfterInstall.filter((f) => /^(test|bench|\.ci)\//.test(f) || f.endsWith('.map'))).toEqual([]);
    for (const tool of ['tsx', 'esbuild', 'typescript', 'vitest']) expect(fs.existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);
  });

  it('npx ledger-sim --version, contract --help and fixtures generate', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await npx(['ledger-sim', '--version'])).stdout).toBe(`${pkg.version}\n`);
    expect((await npx(['ledger-sim', 'contract', '--help'])).stdout).toContain('Usage: ledger-sim contract');
    const out = path.join(work, 'generated.json');
    await npx(['ledger-sim', 'fixtures', 'generate', '--customers', '5', '--invoices', '5', '--out', out]);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toHaveProperty('customers');
    expect((await npx(['ledger-sim', 'fixtures', 'validate', out])).stdout).toMatch(/ok|valid/i);
  });

  it('serve answers its first page, and leaves its ready file in its data directory', async () => {
    const dataDir = path.join(work, 'serve-data');
    // The package's command itself: a SIGTERM to npx left the sandbox it started running.
    const bin = path.join(app, 'node_modules/.bin/ledger-sim');
    const child = spawn(bin, ['serve', '--port', '0', '--http-port', '0', '--data-dir', dataDir, '--customers', '20', '--invoices', '10', '--log-level', 'warn'], { cwd: app, env, stdio: 'ignore' });
    try {
      const readyFile = path.join(dataDir, 'ready.json');
      for (let i = 0; i < 600 && !fs.existsSync(readyFile); i++) await new Promise((r) => setTimeout(r, 100));
      const ready = JSON.parse(fs.readFileSync(readyFile, 'utf8')) as { baseUrl: string; secretKey: string; endUserIds: string[]; caCertPath: string };
      const shown = await npx(['ledger-sim', 'clock', 'show'], { env: { ...env, LEDGER_SIM_DATA_DIR: dataDir } });
      expect(shown.stderr).toContain(`the sandbox at ${ready.baseUrl}`);
      const { stdout } = await run('curl', ['-sS', '--cacert', ready.caCertPath, '-H', `Authorization: Bearer ${ready.secretKey}`, '-H', `Service-End-User-Id: ${ready.endUserIds[0] ?? ''}`, `${ready.baseUrl}/ledger-desktop/customers?limit=3`]);
      expect((JSON.parse(stdout) as { data: unknown[] }).data).toHaveLength(3);
      // A company file of 20,000 sized objects is seeded on the bundle's fill thread (fillWorker.mjs).
      const curl = async (method: string, url: string, body: unknown, endUser?: string): Promise<Record<string, unknown>> => {
        const headers = ['-H', `Authorization: Bearer ${ready.secretKey}`, '-H', 'Content-Type: application/json', ...(endUser ? ['-H', `Service-End-User-Id: ${endUser}`] : [])];
        const args = ['-sS', '--cacert', ready.caCertPath, ...headers, '-X', method, ...(body === undefined ? [] : ['-d', JSON.stringify(body)]), url];
        return JSON.parse((await run('curl', args)).stdout) as Record<string, unknown>;
      };
      const large = await curl('POST', `${ready.baseUrl}/end-users`, { companyName: 'Large Co', sourceId: 'large-co', email: 'owner@large.test' });
      const seeded = await curl('POST', `${new URL(ready.baseUrl).origin}/_sandbox/end-users/${String(large['id'])}/company-file`, { seed: 3, sizes: { customers: 2_000, invoices: 18_000 } });
      expect(seeded).toMatchObject({ objectType: 'sandbox_company_file', created: true });
      expect((await curl('GET', `${ready.baseUrl}/ledger-desktop/invoices?limit=3`, undefined, String(large['id'])))['data']).toHaveLength(3);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('imports startSandbox from an ESM consumer, which starts, reads and stops a sandbox in-process and as a child process', async () => {
    fs.copyFileSync(path.join(ROOT, 'test/package/consumers/consumer.mjs'), path.join(app, 'consumer.mjs'));
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: app, env });
    expect(JSON.parse(stdout)).toMatchObject({ status: 200, customers: 5, advancedMs: 11_000, ownEndUser: expect.stringMatching(/^end_usr_/), captured: true, drift: 0, childHealth: 200 });
  });

  it("type-checks a TypeScript consumer against the package's declarations, and refuses one that misuses them", async () => {
    for (const file of ['consumer.ts', 'misuse.ts']) fs.copyFileSync(path.join(ROOT, 'test/package/consumers', file), path.join(app, file));
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const config = (file: string) => {
      const name = path.join(app, `tsconfig.${file}.json`);
      const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [path.join(ROOT, 'node_modules/@types')] };
      fs.writeFileSync(name, JSON.stringify({ compilerOptions, files: [file] }));
      return name;
    };
    await run(process.execPath, [tsc, '-p', config('consumer.ts')], { cwd: app, env });
    const misuse = await run(process.execPath, [tsc, '-p', config('misuse.ts')], { cwd: app, env }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(misuse).toContain(`Type '"thread"' is not assignable`);
    expect(misuse).toContain(`Argument of type 'string' is not assignable`);
  });

  it('runs the integration suite of examples/ against it', async () => {
    const dir = path.join(app, 'integration-suite');
    fs.cpSync(path.join(ROOT, 'examples/integration-suite'), dir, { recursive: true, filter: (f) => !f.endsWith('package.json') });
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const { stdout } = await run(process.execPath, [vitest, 'run', '--root', app, 'integration-suite'], { cwd: app, env: { ...env, CI: '1' } });
    expect(stdout).toMatch(/Tests\s+.*3 passed/);
  });

  it("runs the README's TypeScript example against it, as a reader pastes it into a test file", async () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    expect(examples.length).toBeGreaterThanOrEqual(1);
    const dir = path.join(app, 'readme-example');
    fs.mkdirSync(dir, { recursive: true });
    examples.forEach((code, i) => fs.writeFileSync(path.join(dir, `readme${i}.test.ts`), code));
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const { stdout } = await run(process.execPath, [vitest, 'run', '--root', dir], { cwd: dir, env: { ...env, CI: '1' } });
    const tests = [...examples.join('\n').matchAll(/^it\(/gm)].length;
    expect(stdout).toMatch(new RegExp(`Tests\\s+.*${tests} passed`));
  });

  it('runs the global-setup suite of examples/ against it: one sandbox for the run, connectSandbox in each file', async () => {
    const dir = path.join(app, 'global-setup');
    fs.cpSync(path.join(ROOT, 'examples/global-setup'), dir, { recursive: true, filter: (f) => !f.endsWith('package.json') });
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const { stdout } = await run(process.execPath, [vitest, 'run', '--root', dir], { cwd: dir, env: { ...env, CI: '1' } });
    expect(stdout).toMatch(/Tests\s+.*3 passed/);
  });

  it('runs the jest example of examples/ against it: a global setup and teardown, connectSandbox in the test file', async () => {
    const dir = path.join(app, 'jest');
    fs.cpSync(path.join(ROOT, 'examples/jest'), dir, { recursive: true, filter: (f) => !f.endsWith('package.json') });
    // Jest is the example's own tool, not ledger-sim's: installed from the registry beside the package for this test only.
    await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', 'jest@30'], { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });
    const jest = path.join(app, 'node_modules/jest/bin/jest.js');
    const { stderr } = await run(process.execPath, ['--experimental-vm-modules', jest, '--rootDir', dir, '--ci'], { cwd: dir, env: { ...env, CI: '1' } });
    expect(stderr).toMatch(/Tests:\s+3 passed, 3 total/);
  }, 300_000);

  it('runs the CI recipe of examples/: serve, ready file, a fixture, contract --reporter junit', async () => {
    const junit = path.join(work, 'contract-junit.xml');
    await run('bash', [path.join(ROOT, 'examples/ci/run.sh'), '--only', 'transport,pagination'], { cwd: app, env: { ...env, JUNIT_OUT: junit } });
    const report = fs.readFileSync(junit, 'utf8');
    expect(report).toMatch(/<testsuites name="ledger-sim contract" tests="\d+"/);
    expect(report).not.toMatch(/<failure/);
    expect(report).toContain('classname="pagination"');
  });

  // Linux lists processes in /proc; elsewhere this check has nothing to read.
  it.skipIf(!fs.existsSync('/proc/self/cmdline'))('leaves no sandbox it started running', () => {
    const running = fs.readdirSync('/proc').flatMap((pid) => {
      if (!/^\d+$/.test(pid)) return [];
      try {
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return command.includes(work) && command.includes(' serve ') ? [`${pid}: ${command}`] : [];
      } catch {
        return [];
      }
    });
    expect(running).toEqual([]);
  });

  it('wrote nothing into node_modules while it ran: its cache is in the user cache directory', () => {
    expect(listFiles(installed)).toEqual(filesAfterInstall);
    expect(fs.readdirSync(path.join(work, 'cache/ledger-sim'))).toEqual(expect.arrayContaining(['demo-cache', 'openapi.dereferenced.json']));
  });
});
