// Must NOT type-check: proves the declarations are real types, not `any`.
import { startSandbox } from 'ledger-sim';

const sandbox = await startSandbox({ mode: 'thread' });
await sandbox.clock.advance('soon');
