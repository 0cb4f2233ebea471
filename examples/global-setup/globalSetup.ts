// One sandbox for the whole run, started before any test file and stopped after the last: its
// connection goes to the test files through vitest's provide/inject (a jest globalSetup would put
// it in process.env instead). Each file then steers it with connectSandbox.
import type { TestProject } from 'vitest/node';
import { startSandbox } from 'ledger-sim';

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: { baseUrl: string; apiKey: string; ca: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sandbox = await startSandbox({ sizes: { customers: 40, invoices: 20 } });
  project.provide('sandbox', { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ca: sandbox.ca });
  return () => sandbox.close();
}
