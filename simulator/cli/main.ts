import { runLedgerSim } from './ledgerSim.ts';

runLedgerSim(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`ledger-sim: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
