import { afterAll, beforeAll, expect } from 'vitest';
import { startTestSandbox, walk, type ApiResponse, type RequestOptions, type TestSandbox } from './testClient.ts';

/**
 * Typed views of the response objects the integration tests read. Bodies are validated against the
 * spec by the test client before a test sees them, so these casts only name what is already checked.
 */
export interface Ref {
  id: string | null;
  fullName: string | null;
}

export interface CustomerView {
  id: string;
  createdAt: string;
  updatedAt: string;
  revisionNumber: string;
  name: string;
  fullName: string;
  isActive: boolean;
  parent: Ref | null;
  sublevel: number;
  phone: string | null;
  balance: string | null;
  totalBalance: string | null;
  alternateShippingAddresses: unknown[] | null;
  [field: string]: unknown;
}

export interface InvoiceLineView {
  id: string;
  item: Ref | null;
  description: string | null;
  quantity: number | null;
  rate: string | null;
  amount: string | null;
  [field: string]: unknown;
}

export interface LinkedTransactionView {
  id: string;
  transactionType: string;
  amount: string | null;
  [field: string]: unknown;
}

export interface InvoiceView {
  id: string;
  createdAt: string;
  updatedAt: string;
  revisionNumber: string;
  customer: Ref | null;
  receivablesAccount: Ref | null;
  transactionDate: string;
  refNumber: string | null;
  memo: string | null;
  subtotal: string;
  salesTaxTotal: string | null;
  appliedAmount: string | null;
  balanceRemaining: string | null;
  isPaid: boolean | null;
  linkedTransactions: LinkedTransactionView[];
  lines: InvoiceLineView[];
  lineGroups: unknown[];
  [field: string]: unknown;
}

/** Every object a list returns, walking all its pages. */
export async function fetchAll<T>(api: TestSandbox, path: string, query: RequestOptions['query'] = {}): Promise<T[]> {
  const pages = await walk(api, path, query);
  return pages.flatMap((page) => page['data'] as T[]);
}

/** The body of a 200 response, as the object the spec says it is. */
export function bodyOf<T>(res: ApiResponse): T {
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as T;
}

/** Money strings compared and summed in whole cents, as the desktop application counts. */
export function cents(value: string | null | undefined): number {
  return value === null || value === undefined ? 0 : Math.round(Number(value) * 100);
}

export function money(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const abs = Math.abs(centsValue);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sortedIds(objects: readonly { id: string }[]): string[] {
  return objects.map((o) => o.id).sort();
}

/** A desktop-side refusal: 502 LDG_REQUEST_ERROR carrying the desktop status code. */
export function expectDesktopError(res: ApiResponse, integrationCode: string): void {
  expect(res.status, res.text).toBe(502);
  expect(res.body.error).toMatchObject({ code: 'LDG_REQUEST_ERROR', type: 'INTEGRATION_ERROR', integrationCode });
  expect(String(res.body.error?.['message'])).toMatch(new RegExp(`^Desktop Request Error \\(${integrationCode}\\): `));
}

/** A request the Service refuses itself: 400 INVALID_REQUEST whose message names the field. */
export function expectInvalidRequest(res: ApiResponse, field: string): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', type: 'INVALID_REQUEST_ERROR' });
  expect(String(res.body.error?.['message'])).toContain(`"${field}"`);
}

/** A top-level active customer of the demo file, and an item its invoices sell: what a new sale needs. */
export async function customerAndItem(api: TestSandbox): Promise<{ customer: CustomerView; itemId: string }> {
  const customers = await fetchAll<CustomerView>(api, '/ledger-desktop/customers');
  const customer = customers.find((c) => c.sublevel === 0 && c.isActive) ?? (customers[0] as CustomerView);
  const invoices = await fetchAll<InvoiceView>(api, '/ledger-desktop/invoices');
  return { customer, itemId: String(invoices.flatMap((i) => i.lines).find((l) => l.item?.id)?.item?.id) };
}

/** A sandbox on the demo file for a test file of sales, started before its tests and closed after: `take` gets it with a customer and an item. */
export function withSaleSandbox(take: (sandbox: { api: TestSandbox; customer: CustomerView; itemId: string }) => void): void {
  let api: TestSandbox | undefined;
  beforeAll(async () => {
    api = await startTestSandbox();
    take({ api, ...(await customerAndItem(api)) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });
}

/** An object as the books tests read it (an account, a customer, a vendor): its id and balance. */
export interface Named {
  id: string;
  name?: string;
  balance?: string | null;
  accountType?: string;
  specialAccountType?: string | null;
}

/** The first account of a type, or the one at `index`. */
export async function accountOfType(api: TestSandbox, type: string, index = 0): Promise<Named> {
  return bodyOf<{ data: Named[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: type } })).data[index] as Named;
}

/** An object's balance in cents (`resource`: `accounts`, `vendors`...). */
export async function balanceIn(api: TestSandbox, resource: string, id: string): Promise<number> {
  return cents(bodyOf<Named>(await api.get(`/ledger-desktop/${resource}/${id}`)).balance);
}
