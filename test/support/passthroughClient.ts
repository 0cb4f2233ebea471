import { expect } from 'vitest';
import type { ApiResponse, TestSandbox } from './testClient.ts';

/** An element of the desktop's answer, as passthrough writes it in JSON (decision 21). */
export type Ret = Record<string, unknown>;

/** Sends a passthrough body for the sandbox's end user, as a client does (no end-user header: the path names it). */
export function sendPassthrough(api: TestSandbox, body: unknown): Promise<ApiResponse> {
  return api.post(`/end-users/${api.endUser}/passthrough/ledger_desktop`, body, { endUser: null });
}

/** The whole answer of a body the Service must accept (200). */
export async function passthroughAnswer(api: TestSandbox, body: Record<string, unknown>): Promise<Ret> {
  const res = await sendPassthrough(api, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The response element of a one-request body: `CustomerQueryRq` answers `CustomerQueryRs`. */
export async function passthroughRs(api: TestSandbox, body: Record<string, unknown>): Promise<Ret> {
  return (await passthroughAnswer(api, body))[(Object.keys(body)[0] ?? '').replace(/Rq$/, 'Rs')] as Ret;
}

/** The repeated elements of an answer (`CustomerRet`), none when it has none. */
export const rets = (r: Ret, element: string): Ret[] => (r[element] as Ret[] | undefined) ?? [];

/** The ids of an answer's repeated elements. */
export const retIds = (r: Ret, element: string, idElement = 'ListID'): string[] => rets(r, element).map((o) => String(o[idElement]));
