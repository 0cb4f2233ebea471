import { describe, expect, it } from 'vitest';
import { TYPE_TABLE } from '../table/typeTable.ts';
import { DesktopError } from '../values/DesktopError.ts';
import type { JsonObject } from '../values/json.ts';
import { aNounOf } from '../values/typeNoun.ts';
import { applyDerivedName } from './derivedName.ts';
import { placeInTree } from './hierarchy.ts';
import type { TypeModel } from './TypeModel.ts';

/** Nouns starting with a vowel letter that is said as a consonant ("a unit"). */
const CONSONANT_SOUNDS = ['unit of measure set'];

/** The article and noun a person expects, worked out here from the object type, apart from the code that writes messages. */
function expectedPhrase(objectType: string): string {
  const noun = objectType.replace(/^ldg_/, '').split('_').join(' ');
  const article = /^[aeiou]/.test(noun) && !CONSONANT_SOUNDS.includes(noun) ? 'An' : 'A';
  return `${article} ${noun} `;
}

function messageOf(act: () => void): string {
  try {
    act();
  } catch (error) {
    if (error instanceof DesktopError) return error.message;
    throw error;
  }
  throw new Error('no error was thrown');
}

/** A resource names the type in the plural ("employees"); a message must not. */
function expectSingular(message: string, resource: string | undefined): void {
  if (resource) expect(message).not.toMatch(new RegExp(`^An? ${resource.replaceAll('-', ' ')} `));
}

describe('messages made from the type table name each type with its article, in the singular (issue 40)', () => {
  const named = TYPE_TABLE.filter((row) => row.nameFrom);
  it.each(named.map((row) => [row.objectType, row] as const))('%s: an object with no part of its name', (objectType, row) => {
    const message = messageOf(() => applyDerivedName(row, Object.fromEntries((row.nameFrom ?? []).map((f) => [f, null]))));
    expect(message).toBe(`${expectedPhrase(objectType)}needs at least one of ${(row.nameFrom ?? []).join(', ')}.`);
    expectSingular(message, row.resource);
  });

  const trees = TYPE_TABLE.filter((row) => row.hierarchical);
  it.each(trees.map((row) => [row.objectType, row] as const))('%s: an object placed under itself', (objectType, row) => {
    const self: JsonObject = { id: 'x-1', name: 'Self', parent: { id: 'x-1', fullName: 'Self' }, sublevel: 0 };
    const message = messageOf(() => placeInTree({ objectType, row } as unknown as TypeModel, self, (id) => (id === 'x-1' ? self : undefined)));
    expect(message).toBe(`${expectedPhrase(objectType)}cannot be placed under itself or one of its own descendants.`);
    expectSingular(message, row.resource);
  });

  // The other messages that name a type (a posting's account, a purchase order's use, an item in use) say it through aNounOf too.
  it.each(TYPE_TABLE.map((row) => [row.objectType] as const))('%s in any message that starts with the type', (objectType) => {
    expect(`${aNounOf(objectType, true)} `).toBe(expectedPhrase(objectType));
  });

  it('covers the types the issue named, and a type spoken with "an"', () => {
    expect(named.map((r) => r.objectType)).toContain('ldg_employee');
    expect(trees.map((r) => r.objectType)).toEqual(expect.arrayContaining(['ldg_class', 'ldg_inventory_item']));
  });
});
