/**
 * The package's entry for test suites: `import { startSandbox, connectSandbox } from 'ledger-sim'`.
 * Everything else in the package is the simulator's own and may change without notice.
 */
export { connectSandbox, startSandbox } from './startSandbox.ts';
export { SandboxError } from './callSandbox.ts';
export { trustingFetch } from './trustingFetch.ts';
export type * from './sandboxApi.ts';
