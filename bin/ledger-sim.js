#!/usr/bin/env node
// An installed package has no TypeScript sources: it runs the bundled CLI (built before packing).
// A clone runs the bundle when it is newer than every source (built by `npm run build`, and by npm
// after install); otherwise, or with LEDGER_SIM_FROM_SOURCE=1, the sources through tsx (a
// development dependency, so only ever loaded in a clone). `serve` and `fixtures` first start
// themselves again with malloc in huge pages where the system offers them (simulator/launch/).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runsBundle } from '../simulator/launch/freshBundle.js';
import { hugePagesEnv } from '../simulator/launch/hugePages.js';
import { followLauncher, relaunch } from '../simulator/launch/relaunch.js';

const bundle = path.join(ROOT, 'dist/cli/ledger-sim.mjs');
const source = path.join(ROOT, 'simulator/cli/main.ts');

async function run() {
  if (!fs.existsSync(source) || runsBundle(bundle)) {
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
