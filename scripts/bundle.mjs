// Bundles the CLI's TypeScript into one ES module, so that `ledger-sim` starts without compiling
// on load (tsx's loader cost 0.4 s of every start). Packages stay external: only our code is bundled.
// Run by `npm run build` and by npm itself after install (the `prepare` script).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [path.join(root, 'simulator/cli/main.ts')],
  // Two levels below the project, as the sources are: their `../../spec/...` paths (import.meta.url) still resolve.
  outfile: path.join(root, 'dist/cli/ledger-sim.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
