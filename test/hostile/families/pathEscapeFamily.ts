import { jsonHeaders, refusedWith, type HostileFamily } from '../hostileCase.ts';

/** Percent-escapes decodeURIComponent refuses: not hex, cut short, or not UTF-8 once decoded. */
export const BROKEN_ESCAPES = ['%zz', '%', '%1', '%G0', '%%', '%u0041', 'abc%', '%E0%A4%A', '%C0%AF', '%FF', '%ED%A0%80', '%F4%90%80%80', '%80', '80000001-1%zz', '%E2%82'];

/** Item 2: a broken escape in any `{id}` of the Service or of the sandbox controls. */
export const pathEscapeFamily: HostileFamily = {
  name: 'path-escape',
  item: 2,
  make(rng, ctx) {
    // A suffix of hex digits could complete a cut-off escape (`%1` + `5`), so it starts with a letter.
    const id = rng.pick(BROKEN_ESCAPES) + (rng.next() < 0.3 ? `q${rng.int(0, 99)}` : '');
    const [method, path, body] = rng.pick([
      ['GET', `/v1/ledger-desktop/customers/${id}`, undefined],
      ['POST', `/v1/ledger-desktop/customers/${id}`, JSON.stringify({ revisionNumber: ctx.customer.revisionNumber, note: 'x' })],
      ['GET', `/v1/ledger_desktop/invoices/${id}`, undefined],
      ['POST', `/v1/ledger-desktop/invoices/${id}`, JSON.stringify({ revisionNumber: ctx.invoice.revisionNumber, memo: 'x' })],
      ['GET', `/v1/end-users/${id}`, undefined],
      ['DELETE', `/v1/end-users/${id}`, undefined],
      ['POST', `/_sandbox/end-users/${id}/company-file`, JSON.stringify({ seed: 3 })],
      ['GET', `/_sandbox/end-users/${id}/fixture`, undefined],
      ['POST', `/_sandbox/end-users/${id}/fixture`, JSON.stringify({ fixtureVersion: 1, company: { name: 'x' } })],
    ] as const);
    return {
      family: 'path-escape',
      label: `${method} ${path}`,
      send: { kind: 'api', method, path, headers: jsonHeaders(ctx), ...(body === undefined ? {} : { body }) },
      judge: refusedWith(400, 'INVALID_REQUEST', 'id'),
    };
  },
};
