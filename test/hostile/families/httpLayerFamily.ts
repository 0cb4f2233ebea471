import type { Rng } from '../../../contract-tests/runner/rng.ts';
import { errorCode, type HostileContext, type HostileFamily } from '../hostileCase.ts';

interface Malformed {
  label: string;
  bytes: string;
  status: readonly number[];
}

function variants(rng: Rng, ctx: HostileContext): Malformed[] {
  const auth = `Authorization: Bearer ${ctx.secretKey}\r\n`;
  const path = rng.pick(['/v1/end-users', '/v1/ledger-desktop/customers', '/_sandbox', '/', '/v1/nope']);
  // Not HEAD: its answer has no body by definition, so it cannot show the error shape.
  const method = rng.pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS']);
  const token = rng.pick(['bogus', '200-ok', 'continue', '100-continu', '101-continue', 'x'.repeat(rng.int(1, 300))]);
  const host = rng.pick(['example.com:443', 'localhost:1', '127.0.0.1:22', '[::1]:80']);
  return [
    { label: `${method} ${path} without Host`, bytes: `${method} ${path} HTTP/1.1\r\n${auth}Content-Length: 0\r\n\r\n`, status: [400] },
    { label: `Expect: ${token.slice(0, 30)}`, bytes: `GET ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\n${auth}Expect: ${token}\r\n\r\n`, status: [417] },
    { label: `CONNECT ${host}`, bytes: `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`, status: [405] },
    { label: `TRACE ${path}`, bytes: `TRACE ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\n${auth}\r\n`, status: [404, 405] },
    { label: 'an unknown method', bytes: `${rng.pick(['FOO', 'BREW', 'GETS', 'G3T'])} ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\n\r\n`, status: [400, 404, 405] },
    { label: 'a header name with a space', bytes: `GET ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nBad Header: x\r\n\r\n`, status: [400] },
    { label: 'two different Content-Lengths', bytes: `POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}`, status: [400] },
    { label: 'Transfer-Encoding and Content-Length', bytes: `POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, status: [400] },
    // Node reads it as HTTP/1.x: then it is an ordinary request without a key.
    { label: 'HTTP/2.0 in a request line', bytes: `GET ${path} HTTP/2.0\r\nHost: ${ctx.host}\r\n\r\n`, status: [400, 401, 505] },
    { label: 'a request line of junk', bytes: `${'\u0001\u0002'.repeat(rng.int(1, 20))}\r\n\r\n`, status: [400] },
    { label: 'headers over the limit', bytes: `GET ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`, status: [431] },
    { label: 'a bad chunk size', bytes: `POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, status: [400] },
  ];
}

/** Item 6: what Node's HTTP layer would refuse on its own still gets the error shape and a request id. */
export const httpLayerFamily: HostileFamily = {
  name: 'http-layer',
  item: 6,
  make(rng, ctx) {
    const variant = rng.pick(variants(rng, ctx));
    return {
      family: 'http-layer',
      label: variant.label,
      send: { kind: 'raw', parts: [variant.bytes], expect: 1 },
      judge: ({ responses, end }) => {
        const [first] = responses;
        if (!first) return `no answer at all (connection ${end})`;
        if (!variant.status.includes(first.status)) return `expected ${variant.status.join(' or ')}, got ${first.status} ${errorCode(first) ?? first.body.slice(0, 80)}`;
        return errorCode(first) ? undefined : `no error code in the answer: ${first.body.slice(0, 80)}`;
      },
    };
  },
};
