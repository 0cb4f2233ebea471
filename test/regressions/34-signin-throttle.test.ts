import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../simulator/service/dashboard/passwords.ts';
import { SIGN_IN_LIMITS } from '../../simulator/service/dashboard/SignInThrottle.ts';
import { dashboardSandbox } from '../support/dashboardSandbox.ts';
import { WebClient, type WebAnswer } from '../support/webClient.ts';

const { email: perEmail, address: perAddress } = SIGN_IN_LIMITS;

const sandbox = dashboardSandbox();

/** A browser on its own machine: every loopback address is a different client address. */
interface Browser {
  signIn(email: string, password: string): Promise<WebAnswer>;
}

async function browser(localAddress = '127.0.0.1'): Promise<Browser> {
  const web = sandbox.client(localAddress);
  const csrf = WebClient.csrfOf(await web.get('/dashboard/sign-in'));
  return { signIn: (email, password) => web.post('/dashboard/sign-in', { _csrf: csrf, email, password }) };
}

async function addAccount(email: string, password: string): Promise<void> {
  sandbox.api.sandbox.deps.state.dashboard.addAccount(email, await hashPassword(password), sandbox.api.clock.now());
}

const statuses = (answers: WebAnswer[]): number[] => answers.map((a) => a.status);

describe('issue 34.4: sign-in is throttled per account and per address, and the lock expires', () => {
  it('refuses the tries after the limit with 429 and retry-after, the right password too, until the window passes', async () => {
    const demo = sandbox.api.sandbox.demoEmail;
    const guesser = await browser();
    const answers: WebAnswer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await guesser.signIn(demo, `wrong guess ${i}`));
    expect(statuses(answers)).toEqual([...Array<number>(perEmail.failures).fill(401), ...Array<number>(30 - perEmail.failures).fill(429)]);
    const refused = answers.at(-1);
    expect(refused?.headers['retry-after']).toBe(String(perEmail.windowMs / 1000));
    expect(refused?.text).toMatch(/<p class="error" role="alert">Too many failed sign-ins: try again in 15 minutes\.<\/p>/);

    const right = await guesser.signIn(demo, sandbox.api.sandbox.demoPassword);
    expect([right.status, [right.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('ls_session='))]).toEqual([429, false]);
    // The lock is the account's, wherever the tries come from; the address itself is not locked for other accounts.
    expect((await (await browser('127.0.0.2')).signIn(demo, sandbox.api.sandbox.demoPassword)).status).toBe(429);
    await addAccount('other@throttle.test', 'another long password');
    expect((await guesser.signIn('other@throttle.test', 'another long password')).status).toBe(303);

    sandbox.api.clock.advance(perEmail.windowMs - 1000);
    const almost = await guesser.signIn(demo, sandbox.api.sandbox.demoPassword);
    expect([almost.status, almost.headers['retry-after']]).toEqual([429, '1']);
    sandbox.api.clock.advance(1000);
    expect((await guesser.signIn(demo, sandbox.api.sandbox.demoPassword)).status).toBe(303);
    // Signing in cleared the account's count: the next mistake is an ordinary one.
    expect((await guesser.signIn(demo, 'one more typo')).status).toBe(401);
  });

  it('counts guesses sent in parallel as they arrive: 24 at once get the limit of checks, the rest 429', async () => {
    await addAccount('parallel@throttle.test', 'parallel long password');
    const guesser = await browser('127.0.0.3');
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => guesser.signIn('parallel@throttle.test', `parallel guess ${i}`)));
    expect(statuses(answers).filter((s) => s === 401)).toHaveLength(perEmail.failures);
    expect(statuses(answers).filter((s) => s === 429)).toHaveLength(24 - perEmail.failures);
    expect((await guesser.signIn('parallel@throttle.test', 'parallel long password')).status).toBe(429);
  });

  it('throttles an address spreading guesses over many emails at its own, higher limit, leaving other addresses alone', async () => {
    expect(perAddress.failures).toBeGreaterThan(perEmail.failures);
    const sprayer = await browser('127.0.0.4');
    const spread = await Promise.all(Array.from({ length: perAddress.failures }, (_, i) => sprayer.signIn(`spray-${i}@throttle.test`, 'a guess')));
    expect(statuses(spread).every((s) => s === 401)).toBe(true);
    const next = await sprayer.signIn('fresh@throttle.test', 'a guess');
    expect([next.status, next.headers['retry-after']]).toEqual([429, String(perAddress.windowMs / 1000)]);
    // Unknown emails are refused the same way as known ones: the 429 tells nothing about accounts.
    expect((await sprayer.signIn(sandbox.api.sandbox.demoEmail, sandbox.api.sandbox.demoPassword)).status).toBe(429);
    expect((await (await browser('127.0.0.5')).signIn('fresh@throttle.test', 'a guess')).status).toBe(401);
    expect((await (await browser('127.0.0.5')).signIn(sandbox.api.sandbox.demoEmail, sandbox.api.sandbox.demoPassword)).status).toBe(303);
    sandbox.api.clock.advance(perAddress.windowMs);
    expect((await sprayer.signIn('fresh@throttle.test', 'a guess')).status).toBe(401);
  });
});
