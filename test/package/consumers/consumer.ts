// A TypeScript consumer (ES modules, no CommonJS): type-checked against the installed package's
// declarations, strict, with the library declarations checked too.
import { captureFixture, connectSandbox, drift, SandboxError, startSandbox, type CaptureResult, type DesktopState, type DriftReport, type SandboxClock, type SandboxHandle } from 'ledger-sim';

export async function useIt(): Promise<number> {
  const sandbox: SandboxHandle = await startSandbox({ mode: 'child-process', sizes: { customers: 10 } });
  const clock: SandboxClock = await sandbox.clock.advance({ seconds: 11 });
  const machine: DesktopState = await sandbox.desktop.set({ connection: 'closed', latency: { list: 200 } });
  await sandbox.faults.add({ fault: 'status', status: 3175, count: 1 }, { endUserId: machine.endUserId });
  const own = await sandbox.endUsers.create({ fixture: await sandbox.fixtures.export() });
  const remote = connectSandbox({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ca: sandbox.ca, endUserId: own.id });
  const answer: Response = await remote.fetch(`${sandbox.baseUrl}/end-users`);
  try {
    await remote.desktop.reset();
  } catch (error) {
    if (error instanceof SandboxError && error.code === 'RESOURCE_MISSING') return 0;
  }
  const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, endUserId: own.id, ca: sandbox.ca };
  const captured: CaptureResult = await captureFixture({ ...target, out: 'captured.json', only: ['customers'] });
  const report: DriftReport = await drift({ reference: target, candidate: target, budgetMs: 60_000 });
  await sandbox.close();
  return clock.advancedMs + answer.status + captured.objects + report.findings.length;
}
