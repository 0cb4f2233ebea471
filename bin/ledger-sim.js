#!/usr/bin/env node
// Runs the bundled CLI when it is newer than every source (built by `npm run build`, and by npm
// after install); otherwise the TypeScript sources directly, compiled on load by tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/cli/ledger-sim.mjs');

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

if (process.env.LEDGER_SIM_FROM_SOURCE !== '1' && bundleIsFresh()) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../simulator/cli/main.ts');
}
