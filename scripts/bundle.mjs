// Bundles the CLI's TypeScript into one ES module, so that `ledger-sim` starts without compiling
// on load (tsx's loader cost 0.4 s of every start). Packages stay external: only our code is bundled.
// Run by `npm run build` and by npm itself after install (the `prepare` script).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Two levels below the project, as the sources are: their `../../spec/...` paths (import.meta.url) still resolve.
// The CLI, and next to it the modules of its second threads: the one that checks a large fixture's
// shape (ShapeCheckThread.ts) and the one that computes reports of company files on disk (ReportThread.ts).
await build({
  entryPoints: [
    { in: path.join(root, 'simulator/cli/main.ts'), out: 'ledger-sim' },
    { in: path.join(root, 'simulator/fixtures/shapeCheck.ts'), out: 'shapeCheck' },
    { in: path.join(root, 'simulator/desktop/reportThread/reportWorker.ts'), out: 'reportWorker' },
  ],
  outdir: path.join(root, 'dist/cli'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
