import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../simulator/desktop/values/json.ts';
import { toCents } from '../../simulator/desktop/values/money.ts';
import { random } from '../support/bookWriteKit.ts';
import { startCli, stopCli, type RunningCli } from '../support/cliProcess.ts';
import { figure, type ReportJson } from '../support/reportFigures.ts';
import { SoakTarget } from './soakClient.ts';
import { SOAK_WRITES, soakWorld, type SoakWrite } from './soakWrites.ts';

/**
 * A real server under 8 clients writing at once, killed with SIGKILL and restarted on the same data
 * every few seconds, with hostile bodies among the writes: afterwards the books must still agree.
 * Minutes of wall time, so `npm test` leaves it out: `npm run test:soak` (SOAK_SECONDS, SOAK_CLIENTS,
 * SOAK_KILLS, SOAK_SEED) runs it.
 */
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 0);
const CLIENTS = Number(process.env['SOAK_CLIENTS'] ?? 8);
const KILLS = Number(process.env['SOAK_KILLS'] ?? 10);
const SEED = Number(process.env['SOAK_SEED'] ?? 34);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-soak-'));
const running: RunningCli[] = [];
afterAll(async () => {
  for (const cli of running) await stopCli(cli, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Tally {
  accepted: number;
  /** What accepted creates made, by id and list path; a delete (answered or lost under a kill) takes its id out. */
  made: Map<string, string>;
  refused: Map<string, number>;
  lost: number;
  problems: string[];
}

/** Judges one answer: a 5xx that is not the desktop's (500, bare 503) or a hostile write accepted is a problem. */
function judge(tally: Tally, write: SoakWrite, answer: Awaited<ReturnType<SoakWrite['run']>>): void {
  if (answer === undefined) return;
  if (answer.method === 'DELETE') tally.made.delete(answer.path.split('/').pop() ?? '');
  if ('lost' in answer) {
    tally.lost++;
    return;
  }
  const error = answer.body.error;
  if (answer.status === 200 && write.refusedWith === undefined) {
    tally.accepted++;
    if (answer.method === 'POST' && typeof answer.body['id'] === 'string' && /^\/ledger-desktop\/[a-z-]+$/.test(answer.path)) tally.made.set(answer.body['id'], answer.path);
    return;
  }
  const code = String(error?.['integrationCode'] ?? error?.['code'] ?? answer.status);
  if (answer.status === 200) tally.problems.push(`${write.name} was accepted`);
  else if (!error || answer.status === 500 || (answer.status >= 500 && error['type'] !== 'INTEGRATION_ERROR' && error['type'] !== 'INTEGRATION_CONNECTION_ERROR')) tally.problems.push(`${write.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
  else if (write.refusedWith !== undefined && code !== String(write.refusedWith)) tally.problems.push(`${write.name}: refused with ${code}, not ${write.refusedWith}`);
  tally.refused.set(code, (tally.refused.get(code) ?? 0) + 1);
}

/** Receivables and payables three ways: the open-item accounts, the aging, the parties' balances; and the trial balance. */
async function disagreements(target: SoakTarget): Promise<string[]> {
  const problems: string[] = [];
  const report = async (family: string, query: string): Promise<ReportJson> => (await target.read(`/ledger-desktop/reports/${family}?${query}&reportDateTo=2099-12-31`)) as unknown as ReportJson;
  const trial = await report('general-summary', 'reportType=trial_balance');
  if (figure(trial, 'TOTAL', 'debit') !== figure(trial, 'TOTAL', 'credit')) problems.push(`trial balance: debits ${figure(trial, 'TOTAL', 'debit')}, credits ${figure(trial, 'TOTAL', 'credit')}`);
  const accounts = (await target.read('/ledger-desktop/accounts?status=all'))['data'] as JsonObject[];
  for (const [prefix, accountType, parties] of [
    ['ar', 'accounts_receivable', 'customers'],
    ['ap', 'accounts_payable', 'vendors'],
  ] as const) {
    const onAccounts = accounts.filter((a) => a['accountType'] === accountType).reduce((s, a) => s + toCents(String(a['balance'])), 0);
    const aging = figure(await report('aging', `reportType=${prefix}_aging_summary`), 'TOTAL', 'total');
    const owed = (await target.all(`/ledger-desktop/${parties}?status=all`)).reduce((s, p) => s + toCents(String(p['balance'])), 0);
    if (new Set([onAccounts, aging, owed]).size !== 1) problems.push(`${accountType}: accounts ${onAccounts}, aging ${aging}, ${parties} ${owed} (cents)`);
  }
  return problems;
}

describe.skipIf(SECONDS <= 0)('the books under concurrent writes, crashes and hostile bodies (npm run test:soak; SOAK_SECONDS=0 leaves it out)', () => {
  it('lose nothing, answer no 500, accept no hostile body, and agree at the end: trial balance, agings, parties', async () => {
    const dataDir = path.join(dir, 'data');
    const ready = path.join(dir, 'ready.json');
    const args = ['--data-dir', dataDir, '--customers', '30', '--invoices', '60', '--log-level', 'warn'];
    let cli = await startCli(args, ready);
    running.push(cli);
    const target = new SoakTarget(cli.info);
    const world = await soakWorld(target);
    expect(await disagreements(target)).toEqual([]);
    const tally: Tally = { accepted: 0, made: new Map(), refused: new Map(), lost: 0, problems: [] };
    const ends = Date.now() + SECONDS * 1000;
    let restarting: Promise<void> = Promise.resolve();
    const client = async (n: number): Promise<void> => {
      const r = random(SEED * 100 + n);
      while (Date.now() < ends) {
        await restarting;
        const write = SOAK_WRITES[r(SOAK_WRITES.length)] as SoakWrite;
        judge(tally, write, await write.run(target, world, r));
      }
    };
    const killer = async (): Promise<void> => {
      for (let kill = 0; kill < KILLS; kill++) {
        await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / (KILLS + 1)));
        restarting = (async () => {
          await stopCli(cli, 'SIGKILL');
          cli = await startCli(args, ready);
          running.push(cli);
          target.restartedAs(cli.info);
        })();
        await restarting;
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), killer()]);
    // A clean stop and a start again: what the books say must be what was written, not what a process held.
    await stopCli(cli);
    cli = await startCli(args, ready);
    running.push(cli);
    target.restartedAs(cli.info);
    const refused = [...tally.refused].map(([code, count]) => `${code}: ${count}`).join(', ');
    console.log(`soak: ${SECONDS} s, ${CLIENTS} clients, ${KILLS} kills: ${tally.accepted} writes accepted (${tally.made.size} objects kept to find), refused ${refused}, ${tally.lost} requests cut by a kill`);
    expect(tally.problems).toEqual([]);
    expect(tally.accepted).toBeGreaterThan(0);
    // Every object whose create was answered is still there (or was deleted by a later write).
    const lists = [...new Set(tally.made.values())];
    const kept = new Set((await Promise.all(lists.map((list) => target.all(`${list}?includeLineItems=false`)))).flat().map((d) => String(d['id'])));
    expect([...tally.made.keys()].filter((id) => !kept.has(id))).toEqual([]);
    expect(await disagreements(target)).toEqual([]);
    target.close();
  }, (SECONDS + 300) * 1000);
});
