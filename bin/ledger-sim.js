#!/usr/bin/env node
// An installed package has no TypeScript sources: it runs the bundled CLI (built before packing).
// A clone runs the bundle when it is newer than every source (built by `npm run build`, and by npm
// after install); otherwise, or with LEDGER_SIM_FROM_SOURCE=1, the sources through tsx (a
// development dependency, so only ever loaded in a clone). `serve` and `fixtures` first start
// themselves again with malloc in huge pages where the system offers them (simulator/launch/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugePagesEnv } from '../simulator/launch/hugePages.js';
import { followLauncher, relaunch } from '../simulator/launch/relaunch.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/cli/ledger-sim.mjs');
const source = path.join(root, 'simulator/cli/main.ts');

function newestSource() {
  let newest = 0;
  for (const dir of ['simulator', 'contract-tests']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function bundleIsFresh() {
  try {
    return fs.statSync(bundle).mtimeMs >= newestSource();
  } catch {
    return false;
  }
}

async function run() {
  if (!fs.existsSync(source)) {
    await import(bundle);
  } else if (process.env.LEDGER_SIM_FROM_SOURCE !== '1' && bundleIsFresh()) {
    await import(bundle);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import('../simulator/cli/main.ts');
  }
}

/** The commands that fill company files: started with malloc in huge pages where the system has them. */
const FILLING = new Set(['serve', 'fixtures']);

const env = FILLING.has(process.argv[2] ?? '') ? hugePagesEnv() : undefined;
if (env) relaunch(env);
else {
  followLauncher();
  await run();
}
