import path from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchArgs {
  jsonPath?: string;
  /** Where the sandbox server child writes a V8 CPU profile (--cpu-prof DIR). */
  cpuProfDir?: string;
  /** The sections to run; all when not given. */
  only: ReadonlySet<BenchSection>;
  help: boolean;
}

export const BENCH_SECTIONS = ['throughput', 'startup', 'fixtures', 'reports', 'seeding', 'contract', 'large', 'package', 'capture'] as const;
export type BenchSection = (typeof BENCH_SECTIONS)[number];

export const BENCH_USAGE = `Usage: npm run bench -- [--only SECTION,...] [--json FILE] [--cpu-prof DIR]

  --only SECTIONS  run only these (comma-separated): ${BENCH_SECTIONS.join(', ')}
                   (seeding includes the list filters; contract takes about 8 minutes; large, every report
                   type on about 200,000 transactions, takes minutes more; package packs and installs
                   the tarball, about 2 minutes when the SQLite binding is compiled; capture reads the demo
                   file through a control-hiding proxy, about 2 minutes)
  --json FILE      also write every figure as JSON to FILE
  --cpu-prof DIR   profile the sandbox server process; the largest file under DIR/sandbox-*/ is its main
                   thread (open it in Chrome DevTools)
`;

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      json: { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const only = (values.only ?? BENCH_SECTIONS.join(',')).split(',').map((x) => x.trim());
  const unknown = only.filter((x) => !(BENCH_SECTIONS as readonly string[]).includes(x));
  if (unknown.length > 0) throw new Error(`--only takes sections of ${BENCH_SECTIONS.join(', ')}; not: ${unknown.join(', ')}`);
  return {
    only: new Set(only as BenchSection[]),
    jsonPath: values.json ? path.resolve(values.json) : undefined,
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    help: values.help ?? false,
  };
}
