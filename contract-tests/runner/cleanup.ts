import type { CleanupStep, Created } from './checkTypes.ts';
import type { Exchange, HttpClient } from './httpClient.ts';
import { verbOf } from './related.ts';
import type { SpecModel } from './specModel.ts';

export type { CleanupStep } from './checkTypes.ts';

const said = (e: Exchange): string => {
  const error = (e.json as { error?: { code?: unknown; integrationCode?: unknown; message?: unknown } } | undefined)?.error;
  return e.networkError ?? (error ? `${String(error.integrationCode ?? error.code)}: ${String(error.message)}` : `HTTP ${e.status}`);
};

/** Whether the spec has this verb on the collection (`/ledger-desktop/invoices`): `{path}/{id}` for delete and update, `{path}/{id}/void`. */
function hasVerb(spec: SpecModel, collection: string, verb: 'delete' | 'void' | 'update' | 'retrieve'): boolean {
  return spec.operations.some((op) => verbOf(op) === verb && op.path.replace(/\{[^}]+\}/, '{id}').startsWith(`${collection}/{id}`));
}

/** Whether the update of the collection's objects takes `isActive`: how a list object is put away. */
function canDeactivate(spec: SpecModel, collection: string): boolean {
  return spec.operations.some((op) => verbOf(op) === 'update' && op.path.replace(/\{[^}]+\}/, '{id}') === `${collection}/{id}` && op.requestBody?.properties?.['isActive'] !== undefined);
}

/** Whether the API lets the runner remove an object of the collection it made: delete, void or deactivate. */
export function canRemove(spec: SpecModel, collection: string): boolean {
  return hasVerb(spec, collection, 'delete') || hasVerb(spec, collection, 'void') || canDeactivate(spec, collection);
}

/**
 * Removes one object the run made, the way the desktop allows: a transaction is deleted, or voided
 * where the delete is refused; a list object (never deleted by the desktop) is made inactive; an
 * end user is deleted with its connections and company file.
 */
async function removeOne(client: HttpClient, spec: SpecModel, made: Created): Promise<CleanupStep> {
  const step = { id: made.id, objectType: made.objectType, label: made.label };
  const at = `${made.path}/${encodeURIComponent(made.id)}`;
  const endUser = made.path.startsWith('/ledger-desktop/') ? undefined : null;
  let refusal: Exchange | undefined;
  if (hasVerb(spec, made.path, 'delete')) {
    const deleted = await client.send({ method: 'DELETE', path: at, ...(endUser === null ? { endUserId: null } : {}) });
    if (deleted.status === 200) return { ...step, action: 'deleted' };
    if (deleted.status === 404 || (deleted.json as { error?: { integrationCode?: unknown } } | undefined)?.error?.integrationCode === '500') return { ...step, action: 'already gone' };
    refusal = deleted;
  }
  if (hasVerb(spec, made.path, 'void')) {
    const voided = await client.send({ method: 'POST', path: `${at}/void` });
    if (voided.status === 200) return { ...step, action: 'voided' };
    refusal = voided;
  }
  if (!refusal && canDeactivate(spec, made.path) && hasVerb(spec, made.path, 'retrieve')) {
    const now = await client.send({ path: at });
    const revisionNumber = (now.json as { revisionNumber?: unknown } | undefined)?.revisionNumber;
    if (now.status === 200 && (now.json as { isActive?: unknown }).isActive === false) return { ...step, action: 'made inactive' };
    const inactive = now.status === 200 ? await client.send({ method: 'POST', path: at, body: { revisionNumber, isActive: false } }) : now;
    if (inactive.status === 200) return { ...step, action: 'made inactive' };
    refusal = inactive;
  }
  return { ...step, action: 'left', why: refusal ? said(refusal) : 'the API cannot remove it: no delete, no void, no isActive' };
}

/**
 * Removes what a run made, newest first (a payment before the invoice it pays), and once more for
 * what a later object still held at the first pass. Returns a step for each object.
 */
export async function cleanUp(client: HttpClient, spec: SpecModel, created: readonly Created[]): Promise<CleanupStep[]> {
  const steps = new Map<string, CleanupStep>();
  for (const made of created) if (made.gone) steps.set(made.id, { id: made.id, objectType: made.objectType, label: made.label, action: 'already gone' });
  const pending = [...created].reverse().filter((c) => !c.gone);
  for (let pass = 0; pass < 2; pass++) {
    for (const made of pending) {
      if (steps.get(made.id)?.action !== undefined && steps.get(made.id)?.action !== 'left') continue;
      steps.set(made.id, await removeOne(client, spec, made));
    }
  }
  return created.map((c) => steps.get(c.id) ?? { id: c.id, objectType: c.objectType, label: c.label, action: 'left', why: 'not tried' });
}
