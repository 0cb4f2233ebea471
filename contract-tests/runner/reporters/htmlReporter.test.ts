import { describe, expect, it } from 'vitest';
import type { RunReport } from '../checkTypes.ts';
import { htmlReport } from './htmlReporter.ts';

const report: RunReport = {
  target: 'https://example.test/v1',
  seed: 35,
  startedAt: '2026-11-26T14:00:00.000Z',
  ms: 61_000,
  sandboxClock: false,
  budgetMs: 90_000,
  coverage: { covered: ['customers.list'], notCovered: ['invoices.list'] },
  runId: 'feedbeef',
  created: [{ id: '80000001-1', objectType: 'ldg_customer', path: '/ledger-desktop/customers', label: 'CT feedbeef-1' }],
  cleanup: [{ id: '80000001-1', objectType: 'ldg_customer', label: 'CT feedbeef-1', action: 'made inactive' }],
  results: [
    { id: 'pagination.page-size', area: 'pagination', rule: 'pages hold limit', operationId: 'customers.list', status: 'pass', ms: 12, retries: ['/v1/ledger-desktop/customers: 502 3175, waited 1000 ms'] },
    { id: 'schema.responses', area: 'schema', rule: 'bodies match', operationId: 'customers.list', status: 'fail', ms: 3, expected: 'a body the spec allows', received: 'HTTP 200 {"name":"<script>alert(1)</script>"}', curl: "curl -sS 'https://example.test/v1/ledger-desktop/customers'" },
    { id: 'pagination.cursor-expiry', area: 'pagination', rule: 'expires', operationId: 'invoices.list', status: 'skip', ms: 0, reason: 'budget: would end after the 90 s budget' },
  ],
};

describe('the HTML report', () => {
  const page = htmlReport(report);

  it('is one self-contained page: no script, nothing loaded from elsewhere, what the target sent escaped', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toMatch(/<script|<link|src=/i);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['the totals and the seed', /1 passed<\/span>, <span class="fail">1 failed<\/span>, <span class="skip">1 skipped.*seed 35; run feedbeef; real time; budget 90 s/],
    ['coverage', /1 of 2 operations exercised\.<\/p>\s*<p>Not exercised: invoices\.list/],
    ['each failure with rule, expected, received and how to repeat it', /schema\.responses \(customers\.list\).*<b>rule<\/b>.*bodies match.*<b>expected<\/b>.*<b>received<\/b>.*<b>repeat<\/b>.*curl -sS/s],
    ['the retries', /Retried on the target's advice \(1\).*502 3175, waited 1000 ms/s],
    ['what was made and what cleanup did', /ldg_customer<\/td><td>80000001-1<\/td><td>CT feedbeef-1<\/td><td>made inactive/],
    ['why a check was skipped', /pagination\.cursor-expiry \(invoices\.list\)<\/td><td>budget: would end/],
  ])('shows %s', (_what, pattern) => {
    expect(page).toMatch(pattern);
  });
});
