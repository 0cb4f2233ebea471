import { errorCode, type HostileFamily } from '../hostileCase.ts';

/**
 * Item 8: another project moving its clock (by any amount) must not expire this project's cursor,
 * and another project's key never reaches this project's end user.
 */
export const projectClockFamily: HostileFamily = {
  name: 'project-clock',
  item: 8,
  make(rng, ctx) {
    const seconds = rng.pick([11, 60, 3600, rng.int(11, 10_000_000)]);
    const mine = { authorization: `Bearer ${ctx.secretKey}`, 'service-end-user-id': ctx.endUser, 'content-type': 'application/json' };
    const theirs = { authorization: `Bearer ${ctx.otherKey}`, 'service-end-user-id': ctx.otherEndUser, 'content-type': 'application/json' };
    const list = rng.pick(['customers', 'invoices']);
    return {
      family: 'project-clock',
      label: `open a ${list} cursor, another project advances ${seconds} s and reads with my end user, then my next page`,
      send: {
        kind: 'steps',
        steps: (previous) => {
          if (previous.length === 0) return { kind: 'api', method: 'GET', path: `/v1/ledger-desktop/${list}?limit=2`, headers: mine };
          if (previous.length === 1) return { kind: 'api', method: 'POST', path: '/_sandbox/clock/advance', headers: theirs, body: JSON.stringify({ seconds }) };
          if (previous.length === 2) return { kind: 'api', method: 'GET', path: `/v1/ledger-desktop/${list}?limit=1`, headers: { ...theirs, 'service-end-user-id': ctx.endUser } };
          if (previous.length === 3) {
            const cursor = (JSON.parse(previous[0]?.body ?? '{}') as { nextCursor?: string }).nextCursor;
            return { kind: 'api', method: 'GET', path: `/v1/ledger-desktop/${list}?limit=2&cursor=${cursor ?? ''}`, headers: mine };
          }
          return undefined;
        },
      },
      judge: ({ responses }) => {
        const [open, advance, crossed, next] = responses;
        if (open?.status !== 200 || advance?.status !== 200) return `setup failed: ${open?.status} ${advance?.status}`;
        if (crossed?.status !== 404 || errorCode(crossed) !== 'RESOURCE_MISSING') return `another project's key reached this end user: ${crossed?.status}`;
        return next?.status === 200 ? undefined : `the cursor died when another project moved its clock: ${next?.status} ${next ? errorCode(next) : ''}`;
      },
    };
  },
};
