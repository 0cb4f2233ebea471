// The declarations of the test API, for `types` in package.json. tsc emits one for every module the
// entry reaches (the whole simulator, through the in-process start); the package ships only those
// the entries' own declarations reach, a handful of small files, with their imports written as a
// consumer's TypeScript resolves them (`./x.js` for `./x.d.ts`). Run before packing (`prepack`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const emitted = path.join(root, 'dist/types-all');
const out = path.join(root, 'dist/types');
const entries = ['simulator/api/index.d.ts', 'simulator/api/client.d.ts'];

fs.rmSync(emitted, { recursive: true, force: true });
fs.rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: ['ignore', process.stderr, process.stderr], cwd: root });

const RELATIVE_IMPORT = /(from\s+|import\()(['"])(\.{1,2}\/[^'"]+?)\.ts\2/g;
const queue = [...entries];
const seen = new Set();
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = fs.readFileSync(path.join(emitted, file), 'utf8');
  for (const match of text.matchAll(RELATIVE_IMPORT)) queue.push(path.join(path.dirname(file), `${match[3]}.d.ts`));
  fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
  fs.writeFileSync(path.join(out, file), text.replace(RELATIVE_IMPORT, '$1$2$3.js$2'));
}
fs.rmSync(emitted, { recursive: true, force: true });
process.stderr.write(`declarations: ${[...seen].join(', ')}\n`);
