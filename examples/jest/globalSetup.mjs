// One sandbox for the whole jest run. Jest's global setup cannot hand objects to test files: the
// connection goes through process.env (inherited by the workers), the sandbox itself stays on
// globalThis for the teardown, which runs in this same process.
import { startSandbox } from 'ledger-sim';

export default async function globalSetup() {
  const sandbox = await startSandbox({ sizes: { customers: 40, invoices: 20 } });
  globalThis.ledgerSimSandbox = sandbox;
  process.env.SERVICE_BASE_URL = sandbox.baseUrl;
  process.env.SERVICE_API_KEY = sandbox.apiKey;
  process.env.SERVICE_CA_CERT_PEM = sandbox.ca;
}
