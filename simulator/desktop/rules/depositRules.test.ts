import { beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../clock.ts';
import { DesktopHost } from '../DesktopHost.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';

let types: TypeRegistry;
beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

describe('payments to deposit', () => {
  it('reads an empty company file without creating its Undeposited Funds account', () => {
    const host = new DesktopHost({ dataDir: undefined, clock: new SimClock(() => Date.UTC(2026, 2, 16)), types });
    const file = host.application('c').file;
    const accounts = (): number => Number(file.store.statement("SELECT COUNT(*) FROM objects WHERE type = 'ldg_account'").pluck().get());
    const before = accounts();
    expect(file.store.transaction(() => file.modelOf('ldg_payment_to_deposit').row.view?.(file.context('ldg_payment_to_deposit'), {}))).toEqual([]);
    expect(accounts()).toBe(before);
    host.closeAll();
  });
});
