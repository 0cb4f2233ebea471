import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../simulator/api/startSandbox.ts';
import type { SandboxHandle } from '../simulator/api/sandboxApi.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const MARK = '<!-- first-integration';

/** The README's "first integration" section: its sh blocks, in order. */
function firstIntegrationBlocks(): string[] {
  const start = README.indexOf(MARK);
  const end = README.indexOf(`${MARK}: end -->`);
  if (start < 0 || end < start) throw new Error('README.md has no first-integration section between its markers');
  return [...README.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/** A command (lines joined where they end in a backslash) and the answer its "# ->" line says it prints. */
interface Step {
  command: string;
  expected?: string;
}

function stepsOf(block: string): Step[] {
  const steps: Step[] = [];
  let pending = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('# -> ')) {
      const last = steps.at(-1);
      if (!last || last.expected !== undefined) throw new Error(`"${line}" follows no command`);
      last.expected = line.slice(5);
      continue;
    }
    if (line.trim() === '' || line.startsWith('#')) continue;
    pending += `${line}\n`;
    if (!line.endsWith('\\')) {
      steps.push({ command: pending.trimEnd() });
      pending = '';
    }
  }
  return steps;
}

const missing = ['bash', 'curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
// CI installs them (.ci/run): there a missing tool fails instead of skipping.
if (missing.length > 0 && process.env['LEDGER_SIM_REQUIRE_TOOLS'] === '1') throw new Error(`the README's examples need ${missing.join(', ')}`);
if (missing.length > 0) console.warn(`README examples skipped: ${missing.join(', ')} not installed`);

describe.skipIf(missing.length > 0)('the README\'s first integration, as a reader runs it', () => {
  let sandbox: SandboxHandle;
  let dir: string;
  beforeAll(async () => {
    // As `npm start` runs it: the demo company file, the real clock.
    sandbox = await startSandbox({ logLevel: 'silent' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-readme-'));
    fs.writeFileSync(path.join(dir, 'ca-cert.pem'), sandbox.ca);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints what every "# ->" line says, block after block, in one shell', async () => {
    const steps = firstIntegrationBlocks().flatMap(stepsOf);
    expect(steps.filter((s) => s.expected !== undefined).length).toBeGreaterThanOrEqual(10);
    const [setup, ...rest] = steps;
    // The values the reader takes from what `npm start` printed.
    expect(setup?.command).toMatch(/^export CA=\S+ KEY=sk_sandbox_\.\.\. EU=end_usr_\.\.\. ORIGIN=https:\/\/localhost:4443$/);
    const exported = `export CA=${path.join(dir, 'ca-cert.pem')} KEY=${sandbox.apiKey} EU=${sandbox.endUserId} ORIGIN=${new URL(sandbox.baseUrl).origin}`;
    // Each step's output between markers, so that each answer is held to its own line.
    const script = [exported, ...rest.map((s, i) => `echo "@@step ${i}"\n${s.command}`)].join('\n');
    // Not spawnSync: the sandbox answers from this process.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      execFile('bash', ['-e', '-o', 'pipefail', '-c', script], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ status: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      });
    });
    expect(run.status, run.stderr).toBe(0);
    const outputs = run.stdout.split(/^@@step \d+\n/m).slice(1);
    expect(outputs).toHaveLength(rest.length);
    rest.forEach((step, i) => {
      if (step.expected === undefined) return;
      expect(JSON.parse(outputs[i] ?? ''), step.command).toEqual(JSON.parse(step.expected));
    });
  }, 120_000);
});
