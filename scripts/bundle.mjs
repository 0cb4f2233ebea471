// Bundles the CLI's TypeScript into one ES module, so that `ledger-sim` starts without compiling
// on load (tsx's loader cost 0.4 s of every start), and the test API (`import ... from 'ledger-sim'`)
// into another. Packages stay external: only our code is bundled. Run by `npm run build`, by npm
// after a clone's install (`prepare`) and before packing; an installed package runs these only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Two levels below the project, as the sources are: their `../../spec/...` paths (import.meta.url) still resolve.
// The CLI, the test API's entry, and next to them the modules of their second threads: the one that checks a large fixture's
// shape (ShapeCheckThread.ts), the one that computes reports of company files on disk (ReportThread.ts) and the one that
// seeds a large company file (SeedThread.ts).
// A chunk of an earlier build would be digested with the code (demoCache.ts) and shipped: none stays.
fs.rmSync(path.join(root, 'dist/cli'), { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(root, 'simulator/cli/main.ts'), out: 'ledger-sim' },
    { in: path.join(root, 'simulator/api/index.ts'), out: 'index' },
    { in: path.join(root, 'simulator/api/client.ts'), out: 'client' },
    { in: path.join(root, 'simulator/fixtures/shapeCheck.ts'), out: 'shapeCheck' },
    { in: path.join(root, 'simulator/desktop/reportThread/reportWorker.ts'), out: 'reportWorker' },
    { in: path.join(root, 'simulator/fixtures/fillWorker.ts'), out: 'fillWorker' },
  ],
  outdir: path.join(root, 'dist/cli'),
  outExtension: { '.js': '.mjs' },
  // What the entries share (most of the simulator) is one chunk, not a copy per entry.
  splitting: true,
  // Beside the entries: modules find the spec and their threads' bundles relative to themselves.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
