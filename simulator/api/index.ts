/**
 * The package's entry for test suites: `import { startSandbox, connectSandbox } from 'ledger-sim'`.
 * Everything else in the package is the simulator's own and may change without notice.
 */
export { startSandbox } from './startSandbox.ts';
export { drift, type DriftOptions, type DriftTargetOptions, type DriftFinding, type DriftKind, type DriftReport, type ProbeOutcome } from './drift.ts';
export * from './client.ts';
export { captureFixture, type CaptureOptions, type CaptureProgress, type CaptureResult } from '../capture/captureFixture.ts';
