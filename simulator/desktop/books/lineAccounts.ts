import type { JsonObject } from '../values/json.ts';

/** Meta key prefix of a line's account override. */
const LINE_ACCOUNT = 'lineAccount:';

interface Meta {
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
}

/**
 * A line's `overrideItemAccountId`: the account it posts to instead of its item's. The line
 * schema has no field for it, so it is kept beside the line (in meta, as opening balances are kept
 * beside objects). A later write that leaves it out keeps it, as with any field left out.
 */
export function keepLineAccount(meta: Meta, line: JsonObject, accountId: string): void {
  meta.setMeta(`${LINE_ACCOUNT}${String(line['id'])}`, accountId);
}

/** The account a line was told to post to instead of its item's, if any. */
export function lineAccountOf(meta: Pick<Meta, 'getMeta'>, line: JsonObject): string | undefined {
  return typeof line['id'] === 'string' ? meta.getMeta(`${LINE_ACCOUNT}${line['id']}`) : undefined;
}
