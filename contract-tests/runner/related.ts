import type { CheckContext } from './checkTypes.ts';
import { CheckSkip } from './CheckFailure.ts';
import { firstPage, walkedList, type Item } from './listWalker.ts';
import type { SpecModel, SpecOperation } from './specModel.ts';

/**
 * How operations of one resource find each other, by path alone (any spec names its operations as
 * it likes): the collection path lists (GET) and creates (POST), the item path retrieves, updates
 * (POST) and deletes (DELETE), and the item's `/void` voids (POST, no body).
 */
export type Verb = 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'void';

const ITEM_PATH = /\/\{\w+\}$/;
const VOID_PATH = /\/\{\w+\}\/void$/;

export const collectionPath = (op: SpecOperation): string => op.path.replace(VOID_PATH, '').replace(ITEM_PATH, '');
export const isItemPath = (op: SpecOperation): boolean => ITEM_PATH.test(op.path);

export function verbOf(op: SpecOperation): Verb | undefined {
  if (op.method === 'GET') return isItemPath(op) ? 'retrieve' : op.list ? 'list' : undefined;
  if (op.method === 'POST' && op.requestBody) return isItemPath(op) ? 'update' : 'create';
  if (op.method === 'POST' && VOID_PATH.test(op.path)) return 'void';
  if (op.method === 'DELETE' && isItemPath(op)) return 'delete';
  return undefined;
}

export function related(spec: SpecModel, op: SpecOperation, verb: Verb): SpecOperation | undefined {
  const base = collectionPath(op);
  return spec.operations.find((o) => collectionPath(o) === base && verbOf(o) === verb);
}

/** The list operation of a resource named as the spec's `x-references` names it (`sales-tax-codes`). */
export function listOfResource(spec: SpecModel, resource: string): SpecOperation | undefined {
  return spec.operations.find((o) => verbOf(o) === 'list' && o.path.endsWith(`/${resource}`));
}

export const withId = (op: SpecOperation, id: string): string => op.path.replace(/\{\w+\}/, encodeURIComponent(id));

/**
 * Objects of a list to refer to, read once per run: the first page of a paged list (cheap on a list of
 * 100,000), the whole of an unpaged one (accounts, terms: short lists, answered whole in one request
 * anyway), so that a field wanting one kind (an asset account) finds it.
 */
export function someObjects(ctx: CheckContext, listOp: SpecOperation): Promise<Item[]> {
  const read = (): Promise<Item[]> =>
    ctx.memo(`some:${listOp.operationId}`, async () => {
      const paged = listOp.parameters.some((p) => p.in === 'query' && p.name === 'cursor');
      return (await firstPage(ctx, listOp, paged ? { limit: 20 } : {})).data;
    });
  // A list some check walked whole has them already: no request (on a real deployment, seconds).
  const walked = walkedList(ctx, listOp);
  return walked ? walked.then((w) => w.items.slice(0, 20), read) : read();
}

/** An existing object the operation can be pointed at, as its list shows it, or a skip saying why there is none. */
export async function existingObject(ctx: CheckContext, op: SpecOperation): Promise<Item> {
  const listOp = related(ctx.spec, op, 'list');
  if (!listOp) throw new CheckSkip(`no list operation next to ${op.operationId} to find an object in`);
  const first = (await someObjects(ctx, listOp))[0];
  if (!first) throw new CheckSkip(`${listOp.operationId} is empty: no object to point ${op.operationId} at`);
  return first;
}

/** An id of an existing object the operation can be pointed at, or a skip saying why there is none. */
export async function existingId(ctx: CheckContext, op: SpecOperation): Promise<string> {
  return String((await existingObject(ctx, op)).id);
}
