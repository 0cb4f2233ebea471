import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxKeys } from './sandboxKeys.ts';
import { ServiceState } from './service/ServiceState.ts';

const PROJECT = { id: 'proj_testing', name: 'testing', organization: 'Sandbox organization' };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): { dir: string; state: ServiceState } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-keys-'));
  dirs.push(dir);
  const state = new ServiceState(path.join(dir, 'service.sqlite'));
  state.ensureProject(PROJECT);
  return { dir, state };
}

describe('sandboxKeys: the testing project keeps its keys from one start to the next', () => {
  it('issues keys once on disk, keeps them readable by their owner only, and serves the same ones again', () => {
    const { dir, state } = dataDir();
    const first = sandboxKeys(state, PROJECT.id, dir, undefined, 0);
    expect(first.secretKey).toMatch(/^sk_/);
    expect(fs.statSync(path.join(dir, 'sandbox-keys.json')).mode & 0o777).toBe(0o600);
    expect(sandboxKeys(state, PROJECT.id, dir, undefined, 1)).toEqual(first);
    expect(state.projectForKey('secret', first.secretKey)?.id).toBe(PROJECT.id);
    state.close();
    // Only hashes are in the Service's records (the database and its write-ahead log).
    const records = fs.readdirSync(dir).filter((f) => f.startsWith('service.sqlite')).map((f) => fs.readFileSync(path.join(dir, f), 'latin1'));
    expect(records.join('')).toContain('proj_testing');
    expect(records.join('')).not.toContain(first.secretKey);
  });

  it('replaces a key revoked in the dashboard, and keeps the other', () => {
    const { dir, state } = dataDir();
    const first = sandboxKeys(state, PROJECT.id, dir, undefined, 0);
    const secret = state.dashboard.keysOf(PROJECT.id).find((k) => k.kind === 'secret');
    expect(state.dashboard.revokeKey(PROJECT.id, Number(secret?.id))).toBe(true);
    const next = sandboxKeys(state, PROJECT.id, dir, undefined, 1);
    expect(next.secretKey).not.toBe(first.secretKey);
    expect(next.publishableKey).toBe(first.publishableKey);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'sandbox-keys.json'), 'utf8'))).toEqual(next);
    state.close();
  });

  it('uses a given key without keeping it, and in memory issues new keys every start', () => {
    const { dir, state } = dataDir();
    const kept = sandboxKeys(state, PROJECT.id, dir, undefined, 0);
    expect(sandboxKeys(state, PROJECT.id, dir, 'sk_sandbox_given', 1).secretKey).toBe('sk_sandbox_given');
    expect(sandboxKeys(state, PROJECT.id, dir, undefined, 2).secretKey).toBe(kept.secretKey);
    state.close();
    const memory = new ServiceState(':memory:');
    memory.ensureProject(PROJECT);
    expect(sandboxKeys(memory, PROJECT.id, undefined, undefined, 0).secretKey).not.toBe(sandboxKeys(memory, PROJECT.id, undefined, undefined, 0).secretKey);
    memory.close();
  });
});
