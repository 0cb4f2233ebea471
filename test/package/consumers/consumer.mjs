// A plain ESM consumer of the installed package: start a sandbox in-process, read from it with its
// fetch, give a test an end user of its own, stop. Prints what it saw as one JSON line.
import { startSandbox } from 'ledger-sim';

const sandbox = await startSandbox({ sizes: { customers: 30, invoices: 20 } });
try {
  const headers = { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': sandbox.endUserId };
  const page = await sandbox.fetch(`${sandbox.baseUrl}/ledger-desktop/customers?limit=5`, { headers });
  const body = await page.json();
  const own = await sandbox.endUsers.create();
  const clock = await sandbox.clock.advance(11);
  console.log(JSON.stringify({ status: page.status, customers: body.data.length, ownEndUser: own.id, advancedMs: clock.advancedMs }));
} finally {
  await sandbox.close();
}
