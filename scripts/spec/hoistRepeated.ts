import type { Node } from './convertSchema.ts';

/**
 * The catalog writes every request body out in full, so an address input or a custom-field input
 * appears dozens of times. Objects that appear in two or more request bodies become one named
 * schema of `shared.yaml` (`AddressInput`), referenced wherever they stood.
 */
export function hoistRepeated(bodies: { file: string; schemas: Record<string, Node> }[], shared: Record<string, Node>): void {
  const names = new Map<string, string>();
  const taken = new Set(Object.keys(shared));
  for (;;) {
    const seen = new Map<string, { count: number; field: string; node: Node }>();
    const visit = (node: unknown, field: string, count: (key: string, field: string, node: Node) => void): void => {
      if (Array.isArray(node)) for (const n of node) visit(n, field, count);
      else if (node && typeof node === 'object') {
        const obj = node as Node;
        for (const [key, value] of Object.entries(obj)) visit(value, key === 'items' || key === 'anyOf' ? field : key, count);
        const props = obj['properties'] as Node | undefined;
        if (obj['type'] === 'object' && props && Object.keys(props).length >= 2) count(keyOf(obj), field, obj);
      }
    };
    for (const body of bodies) {
      for (const schema of Object.values(body.schemas)) {
        // The body itself is never hoisted, only what it contains.
        for (const [field, prop] of Object.entries((schema['properties'] as Record<string, Node> | undefined) ?? {})) {
          visit(prop, field, (key, f, node) => {
            const entry = seen.get(key) ?? { count: 0, field: f, node };
            entry.count += 1;
            seen.set(key, entry);
          });
        }
      }
    }
    const repeated = [...seen.entries()].filter(([key, e]) => e.count >= 2 && !names.has(key)).sort(([a], [b]) => (a < b ? -1 : 1));
    if (repeated.length === 0) return;
    for (const [key, entry] of repeated) {
      const name = uniqueName(nameFor(entry.field, entry.node), taken);
      names.set(key, name);
      const { description: _description, ...bare } = entry.node;
      shared[name] = bare;
    }
    for (const body of bodies) for (const schema of Object.values(body.schemas)) replaceIn(schema, names, body.file === 'shared');
  }
}

function keyOf(node: Node): string {
  const { description: _description, ...bare } = node;
  return JSON.stringify(bare);
}

function replaceIn(node: Node, names: Map<string, string>, inShared: boolean): void {
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (item && typeof item === 'object') {
          const replaced = replacement(item as Node, names, inShared);
          if (replaced) value[i] = replaced;
          else replaceIn(item as Node, names, inShared);
        }
      });
    } else if (value && typeof value === 'object') {
      const replaced = replacement(value as Node, names, inShared);
      if (replaced) node[key] = replaced;
      else replaceIn(value as Node, names, inShared);
    }
  }
}

function replacement(node: Node, names: Map<string, string>, inShared: boolean): Node | undefined {
  if (node['type'] !== 'object' || !node['properties']) return undefined;
  const name = names.get(keyOf(node));
  if (!name) return undefined;
  const ref = { $ref: `${inShared ? '' : './shared.yaml'}#/schemas/${name}` };
  return typeof node['description'] === 'string' ? { description: node['description'], ...ref } : ref;
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function nameFor(field: string, node: Node): string {
  const props = (node['properties'] as Node | undefined) ?? {};
  if ('line1' in props && 'city' in props) return 'AddressInput';
  const base = singular(field);
  return `${base.charAt(0).toUpperCase()}${base.slice(1)}Input`;
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}${n}`;
  taken.add(candidate);
  return candidate;
}
