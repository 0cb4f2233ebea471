import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';

/**
 * Issue 40: `includeColumns=date,amount` was refused (400 "includeColumns[0] must be one of") while
 * `ids=a,b` worked. Every array query parameter now takes both spellings (the rule and its test over
 * the spec are in simulator/service/parseQuery); here the report the issue named answers alike.
 */
describe('comma-joined array values over HTTPS (issue 40)', () => {
  let api: TestSandbox;
  beforeAll(async () => {
    api = await startTestSandbox();
  });
  afterAll(() => api.close());

  const path = '/ledger-desktop/reports/general-detail';
  const base = { reportType: 'general_ledger', reportDateMacro: 'this_year' };

  it('a detail report takes its columns joined with commas as it takes them repeated', async () => {
    const repeated = await api.get(path, { query: { ...base, includeColumns: ['date', 'amount'] } });
    const joined = await api.get(path, { query: { ...base, includeColumns: 'date,amount' } });
    expect(repeated.status, repeated.text).toBe(200);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body['columns']).toEqual(repeated.body['columns']);
    expect(joined.body['rows']).toEqual(repeated.body['rows']);
  });

  it('a column the report does not know is still refused by name', async () => {
    const res = await api.get(path, { query: { ...base, includeColumns: 'date,colour' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toContain('includeColumns[1]');
  });
});
