import { MAX_BODY_BYTES } from '../../../simulator/service/readBody.ts';
import { errorCode, type HostileFamily } from '../hostileCase.ts';

/**
 * Item 5: a body over the limit gets its 413 in the error shape every time, and the connection is
 * either still good for the next request or closed cleanly after `Connection: close`, never reset.
 */
export const oversizedBodyFamily: HostileFamily = {
  name: 'oversized-body',
  item: 5,
  make(rng, ctx) {
    const size = MAX_BODY_BYTES + rng.pick([1, 10, rng.int(100, 100_000), rng.int(100_000, 2_000_000)]);
    const path = rng.pick(['/v1/ledger-desktop/customers', '/v1/end-users', '/_sandbox/clock/advance', `/v1/ledger-desktop/invoices/${ctx.invoice.id}`]);
    const auth = rng.next() < 0.85 ? `Authorization: Bearer ${ctx.secretKey}\r\n` : '';
    const chunked = rng.next() < 0.3;
    const expect100 = rng.next() < 0.2 ? 'Expect: 100-continue\r\n' : '';
    const body = Buffer.alloc(size, rng.pick(['x', '{', ' ', '9']));
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\n${auth}Service-End-User-Id: ${ctx.endUser}\r\nContent-Type: application/json\r\n${expect100}` +
      (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${size}\r\n\r\n`);
    const parts: (string | Buffer)[] = chunked ? [head, `${size.toString(16)}\r\n`, body, '\r\n0\r\n\r\n'] : [head, body];
    const next = `GET /v1/ledger-desktop/health-check HTTP/1.1\r\nHost: ${ctx.host}\r\nAuthorization: Bearer ${ctx.secretKey}\r\nService-End-User-Id: ${ctx.endUser}\r\n\r\n`;
    return {
      family: 'oversized-body',
      label: `POST ${path} with ${size} bytes${chunked ? ' chunked' : ''}${expect100 ? ' after Expect: 100-continue' : ''}${auth ? '' : ' and no key'}, then a health check`,
      send: { kind: 'raw', parts: [...parts, next], expect: 2, waitMs: 10_000 },
      judge: ({ responses, end }) => {
        const [first, second] = responses;
        if (!first) return `no answer (connection ${end})`;
        if (first.status !== 413 || errorCode(first) !== 'REQUEST_TOO_LARGE') return `expected 413 REQUEST_TOO_LARGE first, got ${first.status} ${errorCode(first) ?? first.body.slice(0, 100)}`;
        if (second) return second.status === 200 ? undefined : `the next request on the connection got ${second.status}`;
        if (first.headers['connection'] !== 'close') return `the 413 kept the connection (${first.headers['connection'] ?? 'keep-alive'}) but the next request got no answer (${end})`;
        return end === 'reset' ? 'the connection was reset' : undefined;
      },
    };
  },
};
