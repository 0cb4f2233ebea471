import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CompanyFileStore, type IndexColumns } from './CompanyFileStore.ts';
import { markerOf } from './firstLoad.ts';

const COLUMNS: IndexColumns = { name: null, ref_number: null, is_active: 1, updated_at: 0, txn_date: null, tag: null, is_paid: null, balance_cents: null };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-first-load-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `noteBytes`: padding, for objects the size of real ones. */
function addMany(store: CompanyFileStore, from: number, count: number, noteBytes = 0): void {
  const note = 'x'.repeat(noteBytes);
  for (let i = from; i < from + count; i += 1) store.insert('ldg_customer', `C${i}`, { ...COLUMNS, name: `Customer ${i}` }, JSON.stringify({ id: `C${i}`, note }), null);
}

function count(store: CompanyFileStore): number {
  return Number(store.db.prepare('SELECT COUNT(*) FROM objects').pluck().get());
}

describe('the first bulk load of a new company file', () => {
  it('skips the log only for the first write of a file created by this open, and leaves WAL on', () => {
    const file = path.join(dir, 'first.sqlite');
    const store = new CompanyFileStore(file);
    const seen: { marker: boolean; journal: unknown }[] = [];
    const load = (from: number): void =>
      store.bulk.transaction(() => {
        seen.push({ marker: fs.existsSync(markerOf(file)), journal: store.db.pragma('journal_mode', { simple: true }) });
        addMany(store, from, 100);
      });
    load(0);
    load(100);
    expect(seen).toEqual([
      { marker: true, journal: 'memory' },
      { marker: false, journal: 'wal' },
    ]);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(fs.existsSync(markerOf(file))).toBe(false);
    store.close();
    const again = new CompanyFileStore(file);
    expect(count(again)).toBe(200);
    // Reopened, the file is not new: its next bulk load goes through the log.
    again.bulk.transaction(() => {
      expect(fs.existsSync(markerOf(file))).toBe(false);
      addMany(again, 200, 1);
    });
    again.close();
  });

  it('leaves a new file empty and usable when its first load fails', () => {
    const file = path.join(dir, 'failed.sqlite');
    const store = new CompanyFileStore(file);
    expect(() =>
      store.bulk.transaction(() => {
        addMany(store, 0, 50);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(count(store)).toBe(0);
    expect(fs.existsSync(markerOf(file))).toBe(false);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    addMany(store, 0, 3);
    store.close();
    expect(count(new CompanyFileStore(file))).toBe(3);
  });

  it('rolls back a failed load that has already written pages into the file or its log', () => {
    // A bulk load's cache is bounded (BULK_CACHE_SIZE): past it SQLite writes changed pages before
    // the commit. A cache of 64 KB makes these few hundred objects do what 100,000 do.
    const file = path.join(dir, 'spilled.sqlite');
    const store = new CompanyFileStore(file);
    const onDisk = (): number => fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
    const failingLoad = (from: number): void =>
      store.bulk.transaction(() => {
        store.db.pragma('cache_size = -64');
        const before = onDisk();
        addMany(store, from, 400, 2048);
        expect(onDisk() - before).toBeGreaterThan(400 * 2048);
        throw new Error('refused');
      });
    // First a load without the log (the file is new), then one through the log.
    expect(() => failingLoad(0)).toThrow('refused');
    expect(count(store)).toBe(0);
    store.bulk.transaction(() => addMany(store, 0, 10));
    expect(() => failingLoad(10)).toThrow('refused');
    expect(count(store)).toBe(10);
    store.close();
    const reopened = new CompanyFileStore(file);
    expect(count(reopened)).toBe(10);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    reopened.close();
  });

  it('drops what a killed first load left, so the file opens empty and whole', async () => {
    const file = path.join(dir, 'killed.sqlite');
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/support/interruptedLoad.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('writing')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the loader ended by itself (${code})`)));
    });
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
    expect(fs.existsSync(markerOf(file))).toBe(true);
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    const store = new CompanyFileStore(file);
    expect(fs.existsSync(markerOf(file))).toBe(false);
    expect(count(store)).toBe(0);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    addMany(store, 0, 2);
    store.close();
  });
});
