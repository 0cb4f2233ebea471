import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import { listOfResource, related, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createBody, expectOk } from './writeBodies.ts';

/** Operations that deposit payments: their create body takes `lines[].paymentTransactionId`. */
function depositsPayments(op: SpecOperation): boolean {
  const items = op.requestBody?.properties?.['lines']?.items;
  return verbOf(op) === 'create' && op.path.startsWith('/ledger-desktop/') && items?.properties?.['paymentTransactionId'] !== undefined;
}

/** The ids payments-to-deposit lists now. */
async function waiting(ctx: CheckContext, listOp: SpecOperation): Promise<{ ids: string[]; exchange: Exchange }> {
  const exchange = await ctx.client.send({ path: listOp.path });
  const body = expectOk(exchange, 'listing the payments to deposit');
  const data = Array.isArray(body['data']) ? (body['data'] as Record<string, unknown>[]) : [];
  return { ids: data.map((w) => String(w['paymentTransactionId'])), exchange };
}

/** A new payment of 25.00 that goes to undeposited funds (no deposit account named), and how to delete it. */
async function newPayment(ctx: CheckContext): Promise<{ id: string; remove: string }> {
  const createOp = ctx.spec.operations.find((o) => verbOf(o) === 'create' && o.path === '/ledger-desktop/receive-payments');
  const deleteOp = createOp ? related(ctx.spec, createOp, 'delete') : undefined;
  if (!createOp || !deleteOp) throw new CheckSkip('the spec has no receive payments to create and delete');
  const { depositToAccountId: _undeposited, ...body } = await createBody(ctx, createOp);
  const payment = expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body: { ...body, totalAmount: '25.00' } }), 'receiving a payment of 25.00');
  const id = String(payment['id']);
  return { id, remove: withId(deleteOp, id) };
}

export const depositHoldsPayment: OperationCheck = {
  id: 'writes.deposit-holds-payment',
  area: 'writes',
  rule: 'A payment waits in payments-to-deposit until a deposit takes it; a deposited payment cannot be deleted (3175); deleting the deposit puts it back',
  writes: true,
  applies: depositsPayments,
  async run(ctx, op) {
    const listOp = listOfResource(ctx.spec, 'payments-to-deposit');
    const deleteOp = related(ctx.spec, op, 'delete');
    const accounts = listOfResource(ctx.spec, 'accounts');
    if (!listOp || !deleteOp || !accounts) throw new CheckSkip('the spec has no payments-to-deposit list, deposit delete or accounts list');
    // The accounts come whole (the list has no pages): a sample could miss the bank.
    const chart = expectOk(await ctx.client.send({ path: accounts.path }), 'listing the accounts');
    const bank = (Array.isArray(chart['data']) ? (chart['data'] as Record<string, unknown>[]) : []).find((a) => a['accountType'] === 'bank' && a['isActive'] !== false);
    if (!bank) throw new CheckSkip('no bank account to deposit into');
    const payment = await newPayment(ctx);
    const before = await waiting(ctx, listOp);
    expectThat(before.ids.includes(payment.id), `the new payment ${payment.id} waiting to be deposited`, `${before.ids.length} payments, not it`, before.exchange);

    const body = { ...(await createBody(ctx, op)), depositToAccountId: String(bank.id), lines: [{ paymentTransactionId: payment.id }] };
    const depositExchange = await ctx.client.send({ method: 'POST', path: op.path, body });
    const deposit = expectOk(depositExchange, 'depositing it');
    expectThat(deposit['totalAmount'] === '25.00', 'a deposit of 25.00', JSON.stringify(deposit['totalAmount']), depositExchange);
    const after = await waiting(ctx, listOp);
    expectThat(!after.ids.includes(payment.id), `the deposited payment ${payment.id} no longer waiting`, 'still listed', after.exchange);

    // The refusal (3175, with retry advice) is what this check provokes: asked again it answers the same, after seconds of waiting.
    const refused = await ctx.client.send({ method: 'DELETE', path: payment.remove, retry: false });
    expectThat(refused.status !== 200 && errorOf(refused)?.['integrationCode'] === '3175', 'deleting the deposited payment refused with integrationCode 3175', `HTTP ${refused.status} ${refused.text.slice(0, 200)}`, refused);

    expectOk(await ctx.client.send({ method: 'DELETE', path: withId(deleteOp, String(deposit['id'])) }), 'deleting the deposit');
    const back = await waiting(ctx, listOp);
    expectThat(back.ids.includes(payment.id), `the payment ${payment.id} waiting again once its deposit is deleted`, 'not listed', back.exchange);
    expectOk(await ctx.client.send({ method: 'DELETE', path: payment.remove }), 'deleting the payment, no longer deposited');
  },
};
