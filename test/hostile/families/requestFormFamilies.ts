import { jsonHeaders, refusedWith, type HostileFamily } from '../hostileCase.ts';

export const BAD_TIMEOUTS = ['0', '-1', 'abc', '1.5', '', ' ', '1e3', '0x10', '+5', '\u00b9', '-0', '5s', '00', 'NaN', 'Infinity'];
export const BAD_REDIRECTS = [
  'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'file:///etc/passwd', 'data:text/html,<b>x</b>', 'ftp://files.example.test/x', '//evil.example.test/x',
  '/relative/path', 'http:/one-slash.test', 'https//no-colon.test', 'vbscript:msgbox(1)', ' https://leading-space.test', 'http://', 'mailto:a@b.test', 'chrome://settings',
];
export const NOT_JSON_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/json', 'application/jsonp',
  'application/json; charset=latin1', 'application/json; charset=utf-16', 'application', 'json', '*/*', 'text/html; charset=utf-8',
];

/** Item 7: `Service-Timeout-Seconds` that is not a whole number of seconds from 1 up. */
export const timeoutHeaderFamily: HostileFamily = {
  name: 'timeout-header',
  item: 7,
  make(rng, ctx) {
    const value = rng.pick(BAD_TIMEOUTS);
    const [method, path, body] = rng.pick([
      ['GET', '/v1/ledger-desktop/customers?limit=2', undefined],
      ['GET', `/v1/ledger-desktop/invoices/${ctx.invoice.id}`, undefined],
      ['GET', '/v1/ledger-desktop/health-check', undefined],
      ['POST', '/v1/ledger-desktop/customers', JSON.stringify({ name: `Timeout ${rng.int(1, 1e9)}` })],
    ] as const);
    return {
      family: 'timeout-header',
      label: `${method} ${path} with Service-Timeout-Seconds: "${value}"`,
      send: { kind: 'api', method, path, headers: jsonHeaders(ctx, { 'service-timeout-seconds': value }), ...(body ? { body } : {}) },
      judge: refusedWith(400, 'INVALID_REQUEST', 'Service-Timeout-Seconds'),
    };
  },
};

/** Item 7: an auth session may only send the end user on to an http or https address. */
export const redirectUrlFamily: HostileFamily = {
  name: 'redirect-url',
  item: 7,
  make(rng, ctx) {
    const redirectUrl = rng.pick(BAD_REDIRECTS);
    return {
      family: 'redirect-url',
      label: `auth session with redirectUrl ${redirectUrl}`,
      send: {
        kind: 'api',
        method: 'POST',
        path: '/v1/auth-sessions',
        headers: jsonHeaders(ctx),
        body: JSON.stringify({ publishableKey: ctx.publishableKey, endUserId: ctx.endUser, redirectUrl }),
      },
      judge: refusedWith(400, 'INVALID_REQUEST', 'redirectUrl'),
    };
  },
};

/** Item 7: a body is JSON only when it says so; anything else is 415, even when the bytes parse. */
export const contentTypeFamily: HostileFamily = {
  name: 'content-type',
  item: 7,
  make(rng, ctx) {
    const type = rng.next() < 0.1 ? undefined : rng.pick(NOT_JSON_TYPES);
    const [path, body] = rng.pick([
      ['/v1/ledger-desktop/customers', JSON.stringify({ name: `Typed ${rng.int(1, 1e9)}` })],
      [`/v1/ledger-desktop/customers/${ctx.customer.id}`, JSON.stringify({ revisionNumber: ctx.customer.revisionNumber, note: 'typed' })],
      ['/v1/end-users', JSON.stringify({ companyName: 'Typed', sourceId: `typed-${rng.int(1, 1e9)}`, email: 't@x.test' })],
      ['/_sandbox/clock/advance', JSON.stringify({ seconds: 1 })],
      ['/v1/ledger-desktop/customers', 'name=Formed+Customer'],
    ] as const);
    const headers = jsonHeaders(ctx);
    if (type === undefined) delete headers['content-type'];
    else headers['content-type'] = type;
    return {
      family: 'content-type',
      label: `POST ${path} as ${type ?? 'no Content-Type'}`,
      send: { kind: 'api', method: 'POST', path, headers, body },
      judge: refusedWith(415, 'UNSUPPORTED_MEDIA_TYPE'),
    };
  },
};

/** Item 7: an upload cut off half way is the client's choice: no answer owed, and nothing logged as a fault. */
export const abortedUploadFamily: HostileFamily = {
  name: 'aborted-upload',
  item: 7,
  make(rng, ctx) {
    const promised = rng.int(50, 500_000);
    const sent = rng.int(0, Math.min(promised - 1, 60_000));
    const path = rng.pick(['/v1/ledger-desktop/customers', '/v1/end-users', `/_sandbox/end-users/${ctx.endUser}/fixture`, '/_sandbox/clock/advance']);
    return {
      family: 'aborted-upload',
      label: `POST ${path}: ${sent} of ${promised} bytes, then gone`,
      send: {
        kind: 'raw',
        parts: [
          `POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\nAuthorization: Bearer ${ctx.secretKey}\r\nService-End-User-Id: ${ctx.endUser}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${promised}\r\n\r\n`,
          Buffer.alloc(sent, '{'),
        ],
        destroyAfterSend: true,
      },
      // The log is judged once, after the run: no error-level line may appear for any of these.
      judge: () => undefined,
    };
  },
};
