import { captureFixture } from '../simulator/capture/captureFixture.ts';

// A child process of the bench: a capture runs in a fresh process, as `ledger-sim fixtures capture`
// does, against a sandbox in a process of its own, as a real deployment is. Timed in the bench's
// process, after the sandbox had seeded the demo file there, the same capture took 0.5 s less of
// CPU: the seeding had compiled the desktop's add path that the capture's scratch load runs.
// Prints the capture's result as JSON: { complete, stoppedBecause, seconds, objects, requests }.

const [baseUrl, apiKey, endUserId, out] = process.argv.slice(2);
if (!baseUrl || !apiKey || !endUserId || !out) throw new Error('usage: captureProcess.ts BASE_URL API_KEY END_USER_ID OUT  (the CA certificate on stdin)');
const ca = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
});
const result = await captureFixture({ baseUrl, apiKey, endUserId, ca, out });
process.stdout.write(`${JSON.stringify({ complete: result.complete, stoppedBecause: result.stoppedBecause, seconds: result.seconds, objects: result.objects, requests: result.requests })}\n`);
