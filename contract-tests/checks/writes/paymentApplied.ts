import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { related, withId } from '../../runner/related.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { openDocument, payableOf, paymentBody } from './paidDocuments.ts';
import { expectOk } from './writeBodies.ts';

const cents = (value: unknown): number => (typeof value === 'string' ? Math.round(Number(value) * 100) : Number.NaN);

export const paymentApplied: OperationCheck = {
  id: 'writes.payment-applied',
  area: 'writes',
  rule: "A payment applied to an invoice or a bill lowers what is open on it and shows in its linkedTransactions; the invoice or bill cannot be deleted while it is applied (3175); deleting the payment gives the balance back",
  writes: true,
  applies: (op) => payableOf(op) !== undefined,
  async run(ctx, op) {
    const payable = payableOf(op);
    if (!payable) throw new CheckSkip(`${op.operationId} pays nothing this check knows`);
    const document = await openDocument(ctx, payable);
    const { doc, retrieve, remove } = document;
    const field = payable.open;
    const open = cents(doc[field]);
    expectThat(open >= 10_000, `a ${payable.noun} with at least 100.00 open`, JSON.stringify(doc[field]));
    const body = await paymentBody(ctx, op, payable, document, '40.00');
    const payment = expectOk(await ctx.client.send({ method: 'POST', path: op.path, body }), 'paying 40.00 of it');

    const paidExchange = await ctx.client.send({ path: retrieve });
    const paid = expectOk(paidExchange, `retrieving the paid ${payable.noun}`);
    expectThat(cents(paid[field]) === open - 4000, `${field} ${((open - 4000) / 100).toFixed(2)}`, JSON.stringify(paid[field]), paidExchange);
    const linked = Array.isArray(paid['linkedTransactions']) ? (paid['linkedTransactions'] as { id?: unknown }[]) : [];
    expectThat(linked.some((l) => l.id === payment['id']), `the payment ${String(payment['id'])} among linkedTransactions`, JSON.stringify(linked).slice(0, 300), paidExchange);

    // The refusal (3175, with retry advice) is what this check provokes: asked again it answers the same, after seconds of waiting.
    const refused = await ctx.client.send({ method: 'DELETE', path: remove, retry: false });
    expectThat(refused.status !== 200 && errorOf(refused)?.['integrationCode'] === '3175', `deleting the paid ${payable.noun} refused with integrationCode 3175`, `HTTP ${refused.status} ${refused.text.slice(0, 200)}`, refused);
    expectOk(await ctx.client.send({ path: retrieve }), `the ${payable.noun} still there after the refused delete`);

    const paymentDelete = related(ctx.spec, op, 'delete');
    if (!paymentDelete) return;
    expectOk(await ctx.client.send({ method: 'DELETE', path: withId(paymentDelete, String(payment['id'])) }), 'deleting the payment');
    const backExchange = await ctx.client.send({ path: retrieve });
    const back = expectOk(backExchange, `retrieving the ${payable.noun} after the payment was deleted`);
    expectThat(cents(back[field]) === open, `${field} back to ${(open / 100).toFixed(2)}`, JSON.stringify(back[field]), backExchange);
  },
};
