import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GetTarget } from './httpsGet.ts';
import type { PostedFile } from './postFileProcess.ts';
import { askMeanwhile, newEndUser, type LargeEndUserSetup, type Meanwhile } from './seedLargeEndUser.ts';

export interface FixtureOverHttp {
  endUserId: string;
  /** The fixture's bytes, as posted. */
  bytes: number;
  /** The load request, sent to answered: the body sent, then read, checked and loaded into a new company file on disk. */
  loadMs: number;
  /** The control's answer, as sent. */
  answer: unknown;
  meanwhile: Meanwhile;
}

const POST_FILE_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postFileProcess.ts');

/** `file` POSTed from a child process (postFileProcess.ts says why), awaited without holding this thread. */
function postFileFromChild(target: GetTarget, urlPath: string, file: string, caFile: string, timeoutMs: number): Promise<PostedFile> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', POST_FILE_PROCESS, String(target.port), urlPath, file, caFile, JSON.stringify(target.headers), String(timeoutMs)], {
      cwd: path.resolve(path.dirname(POST_FILE_PROCESS), '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as PostedFile) : reject(new Error(`bench/postFileProcess.ts failed (${code ?? '?'}): ${err.slice(0, 500)}`))));
  });
}

/**
 * A third end user, whose new company file is loaded from a fixture file with POST
 * /_sandbox/end-users/{id}/fixture, as QA loads one into a running sandbox; meanwhile another end
 * user asks its list page (`meanwhile`), which a large fixture's load must not hold up.
 */
export async function loadFixtureOverHttp(target: GetTarget, fixtureFile: string, caFile: string, timeoutMs: number, meanwhile: LargeEndUserSetup['meanwhile']): Promise<FixtureOverHttp> {
  const endUserId = await newEndUser(target, 'Fixture Co', 'fixture-co');
  let answered = false;
  const posting = postFileFromChild(target, `/_sandbox/end-users/${endUserId}/fixture`, fixtureFile, caFile, timeoutMs).finally(() => {
    answered = true;
  });
  const [posted, asked] = await Promise.all([posting, askMeanwhile(meanwhile, () => answered)]);
  if (posted.status !== 200) throw new Error(`POST /_sandbox/end-users/{id}/fixture: HTTP ${posted.status} ${posted.body.slice(0, 300)}`);
  return { endUserId, bytes: fs.statSync(fixtureFile).size, loadMs: posted.ms, answer: JSON.parse(posted.body) as unknown, meanwhile: asked };
}
