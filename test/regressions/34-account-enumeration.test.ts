import { describe, expect, it, vi } from 'vitest';
import { dashboardSandbox } from '../support/dashboardSandbox.ts';
import { WebClient, type WebAnswer } from '../support/webClient.ts';

// Every password hash and check of the sandbox runs scrypt once: counting its runs says whether an
// answer did the work of a check, without timing anything on a shared machine.
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>): void => {
    scryptRuns.count++;
    (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const sandbox = dashboardSandbox();

async function browser(start: string): Promise<{ web: WebClient; csrf: string }> {
  const web = sandbox.client();
  return { web, csrf: WebClient.csrfOf(await web.get(start)) };
}

/** The answer with what differs by request alone (the email typed back, its length, the request id) taken out. */
function comparable(answer: WebAnswer, email: string): unknown {
  const { 'service-request-id': _id, date: _date, 'content-length': _length, ...headers } = answer.headers;
  return { status: answer.status, headers, text: answer.text.replaceAll(email, '<email>') };
}

async function counted<T>(work: () => Promise<T>): Promise<{ answer: T; scryptRuns: number }> {
  const before = scryptRuns.count;
  const answer = await work();
  return { answer, scryptRuns: scryptRuns.count - before };
}

describe('issue 34.5: sign-in and sign-up tell nothing about which accounts exist', () => {
  it('answers a wrong password for a known email and any password for an unknown one alike, after the same check', async () => {
    const { web, csrf } = await browser('/dashboard/sign-in');
    const known = await counted(() => web.post('/dashboard/sign-in', { _csrf: csrf, email: sandbox.api.sandbox.demoEmail, password: 'not the password' }));
    const unknown = await counted(() => web.post('/dashboard/sign-in', { _csrf: csrf, email: 'nobody@enumeration.test', password: 'not the password' }));
    expect(known.answer.status).toBe(401);
    expect(comparable(unknown.answer, 'nobody@enumeration.test')).toEqual(comparable(known.answer, sandbox.api.sandbox.demoEmail));
    expect([known.scryptRuns, unknown.scryptRuns]).toEqual([1, 1]);
  });

  it('answers a sign-up with a taken email as a new one, after the same hashing, changing nothing and signing no one in', async () => {
    const state = sandbox.api.sandbox.deps.state.dashboard;
    const demoBefore = state.accountByEmail(sandbox.api.sandbox.demoEmail);
    const newcomer = await browser('/dashboard/sign-up');
    const stranger = await browser('/dashboard/sign-up');
    const fresh = await counted(() => newcomer.web.post('/dashboard/sign-up', { _csrf: newcomer.csrf, email: 'newcomer@enumeration.test', password: 'newcomer long password', organization: 'Newcomer Org' }));
    const taken = await counted(() => stranger.web.post('/dashboard/sign-up', { _csrf: stranger.csrf, email: sandbox.api.sandbox.demoEmail.toUpperCase(), password: 'stranger long password', organization: 'Stranger Org' }));
    expect(fresh.answer.status).toBe(303);
    expect(comparable(taken.answer, sandbox.api.sandbox.demoEmail.toUpperCase())).toEqual(comparable(fresh.answer, 'newcomer@enumeration.test'));
    expect([fresh.scryptRuns, taken.scryptRuns]).toEqual([1, 1]);
    const location = String(fresh.answer.headers['location']);
    const [afterFresh, afterTaken] = [await newcomer.web.get(location), await stranger.web.get(location)];
    expect(afterTaken.text.replace(stranger.csrf, '')).toBe(afterFresh.text.replace(newcomer.csrf, ''));
    expect(afterFresh.text).toMatch(/<p class="notice" role="status">Sign-up received/);

    // Nothing of the stranger's reached the existing account, and they hold no session.
    expect(state.accountByEmail(sandbox.api.sandbox.demoEmail)).toEqual(demoBefore);
    expect(state.organizationsOf(demoBefore?.id ?? '').map((o) => o.name)).not.toContain('Stranger Org');
    expect([(await stranger.web.get('/dashboard')).status, stranger.web.cookies.has('ls_session')]).toEqual([303, false]);
    expect((await stranger.web.post('/dashboard/sign-in', { _csrf: stranger.csrf, email: sandbox.api.sandbox.demoEmail, password: 'stranger long password' })).status).toBe(401);

    // The new account exists and signs in with its password.
    const signedIn = await newcomer.web.post('/dashboard/sign-in', { _csrf: newcomer.csrf, email: 'newcomer@enumeration.test', password: 'newcomer long password' });
    expect(signedIn.status).toBe(303);
    expect((await newcomer.web.get('/dashboard')).text).toContain('Newcomer Org');
  });
});
