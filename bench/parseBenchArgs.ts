import path from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchArgs {
  jsonPath?: string;
  /** Where the sandbox server child writes a V8 CPU profile (--cpu-prof DIR). */
  cpuProfDir?: string;
  help: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--json FILE] [--cpu-prof DIR]

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
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return {
    jsonPath: values.json ? path.resolve(values.json) : undefined,
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    help: values.help ?? false,
  };
}
