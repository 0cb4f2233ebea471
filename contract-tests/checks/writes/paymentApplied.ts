import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { listOfResource, related, someObjects, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createBody, expectOk } from './writeBodies.ts';

const cents = (value: unknown): number => (typeof value === 'string' ? Math.round(Number(value) * 100) : Number.NaN);

/** Operations that apply a payment to open transactions: their create body takes `applyToTransactions[].transactionId`. */
function appliesToTransactions(op: SpecOperation): boolean {
  const items = op.requestBody?.properties?.['applyToTransactions']?.items;
  return verbOf(op) === 'create' && op.path.startsWith('/ledger-desktop/') && items?.properties?.['transactionId'] !== undefined;
}

/** An invoice of 100.00 for a customer the invoice create can bill, made for the check. */
async function openInvoice(ctx: CheckContext): Promise<{ invoice: Record<string, unknown>; retrieve: string; remove: string }> {
  const createOp = ctx.spec.operations.find((o) => verbOf(o) === 'create' && o.path === '/ledger-desktop/invoices');
  const retrieveOp = createOp ? related(ctx.spec, createOp, 'retrieve') : undefined;
  const deleteOp = createOp ? related(ctx.spec, createOp, 'delete') : undefined;
  const items = listOfResource(ctx.spec, 'service-items');
  if (!createOp || !retrieveOp || !deleteOp || !items) throw new CheckSkip('the spec has no invoices to create, retrieve and delete, or no service items to bill');
  const item = (await someObjects(ctx, items)).find((i) => i['isActive'] !== false);
  if (!item) throw new CheckSkip('no active service item to put on an invoice');
  const body = { ...(await createBody(ctx, createOp)), lines: [{ itemId: String(item.id), quantity: 1, rate: '100.00' }] };
  const invoice = expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body }), 'creating an invoice of 100.00');
  const id = String(invoice['id']);
  return { invoice, retrieve: withId(retrieveOp, id), remove: withId(deleteOp, id) };
}

export const paymentApplied: OperationCheck = {
  id: 'writes.payment-applied',
  area: 'writes',
  rule: "A payment applied to an invoice lowers the invoice's balance and shows in its linkedTransactions; the invoice cannot be deleted while it is applied (3175); deleting the payment gives the balance back",
  writes: true,
  applies: appliesToTransactions,
  async run(ctx, op) {
    const { invoice, retrieve, remove } = await openInvoice(ctx);
    const customerId = (invoice['customer'] as { id?: unknown } | null)?.id;
    const open = cents(invoice['balanceRemaining']);
    expectThat(open >= 10_000, 'an invoice with at least 100.00 open', JSON.stringify(invoice['balanceRemaining']));
    const body = { customerId, transactionDate: invoice['transactionDate'], totalAmount: '40.00', applyToTransactions: [{ transactionId: invoice['id'], paymentAmount: '40.00' }] };
    const payment = expectOk(await ctx.client.send({ method: 'POST', path: op.path, body }), 'paying 40.00 of it');

    const paidExchange = await ctx.client.send({ path: retrieve });
    const paid = expectOk(paidExchange, 'retrieving the paid invoice');
    expectThat(cents(paid['balanceRemaining']) === open - 4000, `balanceRemaining ${((open - 4000) / 100).toFixed(2)}`, JSON.stringify(paid['balanceRemaining']), paidExchange);
    const linked = Array.isArray(paid['linkedTransactions']) ? (paid['linkedTransactions'] as { id?: unknown }[]) : [];
    expectThat(linked.some((l) => l.id === payment['id']), `the payment ${String(payment['id'])} among linkedTransactions`, JSON.stringify(linked).slice(0, 300), paidExchange);

    const refused = await ctx.client.send({ method: 'DELETE', path: remove });
    expectThat(refused.status !== 200 && errorOf(refused)?.['integrationCode'] === '3175', 'deleting the paid invoice refused with integrationCode 3175', `HTTP ${refused.status} ${refused.text.slice(0, 200)}`, refused);
    expectOk(await ctx.client.send({ path: retrieve }), 'the invoice still there after the refused delete');

    const paymentDelete = related(ctx.spec, op, 'delete');
    if (!paymentDelete) return;
    expectOk(await ctx.client.send({ method: 'DELETE', path: withId(paymentDelete, String(payment['id'])) }), 'deleting the payment');
    const backExchange = await ctx.client.send({ path: retrieve });
    const back = expectOk(backExchange, 'retrieving the invoice after the payment was deleted');
    expectThat(cents(back['balanceRemaining']) === open, `balanceRemaining back to ${(open / 100).toFixed(2)}`, JSON.stringify(back['balanceRemaining']), backExchange);
  },
};
