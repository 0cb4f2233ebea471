import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from './cacheDir.ts';

describe('cacheDir: an installed package never writes into node_modules', () => {
  it.each([
    ['a clone keeps its cache beside the bundle', {}, '/home/a/ledger-sim', '/home/a/ledger-sim/dist'],
    ['an installed package uses XDG_CACHE_HOME', { XDG_CACHE_HOME: '/var/cache/u' }, '/p/node_modules/ledger-sim', '/var/cache/u/ledger-sim'],
    ['an installed package without XDG_CACHE_HOME uses ~/.cache', {}, '/p/node_modules/ledger-sim', path.join(os.homedir(), '.cache/ledger-sim')],
    ['LEDGER_SIM_CACHE_DIR overrides both', { LEDGER_SIM_CACHE_DIR: '/tmp/c', XDG_CACHE_HOME: '/x' }, '/p/node_modules/ledger-sim', '/tmp/c'],
  ])('%s', (_name, env, root, expected) => {
    expect(cacheDir(env, root)).toBe(expected);
  });
});
