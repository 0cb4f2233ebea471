import type { CheckContext } from '../../runner/checkTypes.ts';
import { canRemove } from '../../runner/cleanup.ts';
import { CheckSkip } from '../../runner/CheckFailure.ts';
import { listOfResource, related, someObjects, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { createBody, expectOk } from './writeBodies.ts';

/**
 * What a payment pays, told by the party its create body names: the one thing here the spec
 * cannot say. A payment of a customer pays invoices (what is open shows in `balanceRemaining`);
 * a payment of a vendor pays bills (`openAmount`).
 */
export interface Payable {
  party: 'customerId' | 'vendorId';
  resource: string;
  noun: string;
  open: string;
  /** The lines of a document of 100.00 for the check, found on the target. */
  lines(ctx: CheckContext): Promise<Record<string, unknown>>;
}

async function firstOf(ctx: CheckContext, resource: string, wanted: (item: Record<string, unknown>) => boolean, what: string): Promise<string> {
  const listOp = listOfResource(ctx.spec, resource);
  const found = listOp ? (await someObjects(ctx, listOp)).find(wanted) : undefined;
  if (!found) throw new CheckSkip(`no ${what} to put on the document`);
  return String(found.id);
}

/** One line of 100.00 of a service item: what an invoice or a credit memo made for a check sells. */
const saleLines = async (ctx: CheckContext): Promise<Record<string, unknown>> => ({
  lines: [{ itemId: await firstOf(ctx, 'service-items', (i) => i['isActive'] !== false, 'active service item'), quantity: 1, rate: '100.00' }],
});

const PAYABLES: readonly Payable[] = [
  {
    party: 'customerId',
    resource: 'invoices',
    noun: 'invoice',
    open: 'balanceRemaining',
    lines: saleLines,
  },
  {
    party: 'vendorId',
    resource: 'bills',
    noun: 'bill',
    open: 'openAmount',
    lines: async (ctx) => ({ expenseLines: [{ accountId: await firstOf(ctx, 'accounts', (a) => a['accountType'] === 'expense' && a['isActive'] !== false, 'active expense account'), amount: '100.00' }] }),
  },
];

/** Operations that apply a payment to open documents: their create body takes `applyToTransactions[].transactionId` and names a party. */
export function payableOf(op: SpecOperation): Payable | undefined {
  const properties = op.requestBody?.properties ?? {};
  if (verbOf(op) !== 'create' || !op.path.startsWith('/ledger-desktop/') || properties['applyToTransactions']?.items?.properties?.['transactionId'] === undefined) return undefined;
  return PAYABLES.find((p) => p.party in properties);
}

export interface OpenDocument {
  doc: Record<string, unknown>;
  retrieve: string;
  remove: string;
}

/** A document of 100.00 (an invoice, a bill) for a party its create can name, made for the check. */
export async function openDocument(ctx: CheckContext, payable: Payable): Promise<OpenDocument> {
  const createOp = ctx.spec.operations.find((o) => verbOf(o) === 'create' && o.path === `/ledger-desktop/${payable.resource}`);
  const retrieveOp = createOp ? related(ctx.spec, createOp, 'retrieve') : undefined;
  const deleteOp = createOp ? related(ctx.spec, createOp, 'delete') : undefined;
  if (!createOp || !retrieveOp || !deleteOp) throw new CheckSkip(`the spec has no ${payable.resource} to create, retrieve and delete`);
  const body = { ...(await createBody(ctx, createOp)), ...(await payable.lines(ctx)) };
  const doc = expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body }), `creating a ${payable.noun} of 100.00`);
  const id = String(doc['id']);
  return { doc, retrieve: withId(retrieveOp, id), remove: withId(deleteOp, id) };
}

/** A body paying `amount` of an open document with the payment create `op`: its own required fields, the document's party and date. */
export async function paymentBody(ctx: CheckContext, op: SpecOperation, payable: Payable, open: OpenDocument, amount: string): Promise<Record<string, unknown>> {
  const party = (open.doc[payable.party.replace(/Id$/, '')] as { id?: unknown } | null)?.id;
  const base = await createBody(ctx, op);
  return {
    ...base,
    [payable.party]: party,
    transactionDate: open.doc['transactionDate'],
    ...('totalAmount' in (op.requestBody?.properties ?? {}) ? { totalAmount: amount } : {}),
    applyToTransactions: [{ transactionId: open.doc['id'], paymentAmount: amount }],
  };
}

/** A credit memo of 100.00 for a customer the credit memo create can name, made for a refund to give back. */
async function openCredit(ctx: CheckContext): Promise<Record<string, unknown>> {
  const createOp = ctx.spec.operations.find((o) => verbOf(o) === 'create' && o.path === '/ledger-desktop/credit-memos');
  if (!createOp) throw new CheckSkip('the spec has no credit memos to create for a refund');
  const body = { ...(await createBody(ctx, createOp)), ...(await saleLines(ctx)) };
  return expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body }), 'creating a credit memo of 100.00 to refund');
}

/**
 * A body the create operation should accept. A payment that must apply itself to something
 * (`applyToTransactions` required, as a bill payment's is) gets a document of its own to pay; a
 * refund (`refundAppliedToTransactions` required) a credit memo of its own to give back.
 */
export async function preparedCreateBody(ctx: CheckContext, createOp: SpecOperation): Promise<Record<string, unknown>> {
  const required = createOp.requestBody?.required ?? [];
  if (required.includes('refundAppliedToTransactions')) {
    const memo = await openCredit(ctx);
    return {
      ...(await createBody(ctx, createOp)),
      customerId: (memo['customer'] as { id?: unknown } | null)?.id,
      transactionDate: memo['transactionDate'],
      refundAppliedToTransactions: [{ transactionId: memo['id'], refundAmount: '40.00' }],
    };
  }
  const payable = payableOf(createOp);
  if (!payable || !required.includes('applyToTransactions')) return createBody(ctx, createOp);
  return paymentBody(ctx, createOp, payable, await openDocument(ctx, payable), '40.00');
}

/** Tries at creating before a name in use (3100) counts as a failure: 3-letter names do meet again over many runs. */
const CREATE_TRIES = 4;

/**
 * Creates an object through the create operation; returns it. On someone's books (a target without
 * a sandbox clock) it makes nothing the API would not let it remove at the end of the run.
 */
export async function createOne(ctx: CheckContext, createOp: SpecOperation): Promise<Record<string, unknown>> {
  if (!ctx.clock.controllable && !canRemove(ctx.spec, createOp.path)) throw new CheckSkip(`would leave an object on the target's books: the API cannot delete, void or deactivate what ${createOp.operationId} makes`);
  for (let attempt = 1; ; attempt += 1) {
    const body = await preparedCreateBody(ctx, createOp);
    const exchange = await ctx.client.send({ method: 'POST', path: createOp.path, body });
    const nameInUse = (exchange.json as { error?: { integrationCode?: unknown } } | undefined)?.error?.integrationCode === '3100';
    if (nameInUse && attempt < CREATE_TRIES) continue;
    return expectOk(exchange, `creating with ${JSON.stringify(body).slice(0, 400)}`);
  }
}
