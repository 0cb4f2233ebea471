// A plain ESM consumer of the installed package: start a sandbox in-process, read from it with its
// fetch, give a test an end user of its own, stop; then one as a child process. Prints what it saw
// as one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureFixture, drift, startSandbox } from 'ledger-sim';

const sizes = { customers: 30, invoices: 20 };
const seen = {};
const sandbox = await startSandbox({ sizes });
try {
  const headers = { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': sandbox.endUserId };
  const page = await sandbox.fetch(`${sandbox.baseUrl}/ledger-desktop/customers?limit=5`, { headers });
  Object.assign(seen, { status: page.status, customers: (await page.json()).data.length });
  seen.ownEndUser = (await sandbox.endUsers.create()).id;
  seen.advancedMs = (await sandbox.clock.advance(11)).advancedMs;
  // The two commands of issue 39 from the package: a capture of one list, drift of the file with itself.
  const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, endUserId: sandbox.endUserId, ca: sandbox.ca };
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'consumer-')), 'captured.json');
  seen.captured = (await captureFixture({ ...target, out, only: ['customers'] })).complete;
  seen.drift = (await drift({ reference: target, candidate: target, only: ['customers'] })).findings.length;
} finally {
  await sandbox.close();
}
const child = await startSandbox({ mode: 'child-process', sizes });
try {
  const health = await child.fetch(`${child.baseUrl}/ledger-desktop/health-check`, { headers: { authorization: `Bearer ${child.apiKey}`, 'service-end-user-id': child.endUserId } });
  seen.childHealth = health.status;
} finally {
  await child.close();
}
console.log(JSON.stringify(seen));
