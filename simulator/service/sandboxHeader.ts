/** Sent on every response so a client (or the contract runner) can tell it is talking to ledger-sim. */
export const SANDBOX_HEADER = 'ledger-sim; controls=/_sandbox';
