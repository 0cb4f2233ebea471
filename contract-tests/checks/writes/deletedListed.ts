import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { related, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne } from './paidDocuments.ts';
import { expectOk } from './writeBodies.ts';

/** The values a required array parameter of the list allows (`transactionTypes`, `objectTypes`). */
function typesParameter(op: SpecOperation): { name: string; values: string[] } | undefined {
  const param = op.parameters.find((p) => p.in === 'query' && p.required && Array.isArray(p.schema.items?.enum));
  return param ? { name: param.name, values: (param.schema.items?.enum ?? []).map(String) } : undefined;
}

/** What the list shows for `name` now. */
async function listed(ctx: CheckContext, op: SpecOperation, param: string, name: string): Promise<{ data: Record<string, unknown>[]; body: Record<string, unknown> }> {
  const exchange = await ctx.client.send({ path: op.path, query: { [param]: [name] } });
  const body = expectOk(exchange, `listing ${op.path} for ${name}`);
  return { data: Array.isArray(body['data']) ? (body['data'] as Record<string, unknown>[]) : [], body };
}

/** A new transaction the spec can create and delete, of a type the list names: its id and type name. */
async function deletedTransaction(ctx: CheckContext, names: readonly string[]): Promise<{ id: string; name: string; refNumber: unknown }> {
  const creates = ctx.spec.operations.filter((o) => verbOf(o) === 'create' && o.path.startsWith('/ledger-desktop/') && related(ctx.spec, o, 'delete'));
  // Invoices first: the one transaction every deployment has.
  const ordered = [...creates].sort((a, b) => Number(b.path.endsWith('/invoices')) - Number(a.path.endsWith('/invoices')));
  for (const createOp of ordered) {
    const name = createOp.path.split('/').pop()?.replace(/s$/, '').replaceAll('-', '_') ?? '';
    const deleteOp = related(ctx.spec, createOp, 'delete');
    if (!names.includes(name) || !deleteOp) continue;
    const created = await createOne(ctx, createOp);
    expectOk(await ctx.client.send({ method: 'DELETE', path: withId(deleteOp, String(created['id'])) }), `deleting the new ${name}`);
    return { id: String(created['id']), name, refNumber: created['refNumber'] };
  }
  throw new CheckSkip('no transaction type the spec can create and delete is one the list names');
}

/** A new list object made inactive, of a type the list names. */
async function deactivatedObject(ctx: CheckContext, names: readonly string[]): Promise<{ id: string; name: string }> {
  const createOp = ctx.spec.operations.find((o) => verbOf(o) === 'create' && o.path === '/ledger-desktop/customers');
  const updateOp = createOp ? related(ctx.spec, createOp, 'update') : undefined;
  if (!createOp || !updateOp || !names.includes('customer')) throw new CheckSkip('the spec cannot create and update customers, or the list does not name them');
  const created = await createOne(ctx, createOp);
  const body = { revisionNumber: created['revisionNumber'], isActive: false };
  expectOk(await ctx.client.send({ method: 'POST', path: withId(updateOp, String(created['id'])), body }), 'making the new customer inactive');
  return { id: String(created['id']), name: 'customer' };
}

export const deletedListed: OperationCheck = {
  id: 'writes.deleted-listed',
  area: 'writes',
  rule: 'A transaction just deleted shows in deleted-transactions under its type, and a list object just made inactive in deleted-list-objects',
  writes: true,
  applies: (op) => verbOf(op) === 'list' && /\/deleted-(transactions|list-objects)$/.test(op.path) && typesParameter(op) !== undefined,
  async run(ctx, op) {
    const param = typesParameter(op);
    if (!param) throw new CheckSkip('the list takes no required types parameter');
    const gone = op.path.endsWith('/deleted-transactions') ? await deletedTransaction(ctx, param.values) : await deactivatedObject(ctx, param.values);
    const { data } = await listed(ctx, op, param.name, gone.name);
    const entry = data.find((d) => d['id'] === gone.id);
    expectThat(entry !== undefined, `${gone.id} listed under ${param.name}=${gone.name}`, `${data.length} entries, not it`);
    expectThat(typeof entry?.['deletedAt'] === 'string', 'a deletedAt time on it', JSON.stringify(entry?.['deletedAt']));
  },
};
