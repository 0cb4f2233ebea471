import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { buildResource, camelOf, schemaNameOf, type Catalog, type SharedParameters } from './buildResource.ts';
import { convertSchema, type ConvertContext, type Node } from './convertSchema.ts';
import { hoistRepeated } from './hoistRepeated.ts';
import { SERVED_RESOURCES } from './servedResources.ts';
import { targetsFor } from '../../simulator/desktop/engine/TypeModel.ts';
import { TYPE_TABLE } from '../../simulator/desktop/table/typeTable.ts';

/**
 * Writes the generated part of spec/ from the reference catalog: one file per served resource
 * (its paths, object schema and request bodies), `shared.yaml` for schemas several resources use,
 * and the root `openapi.yaml`. Run by hand (`npm run spec:generate`); the product never reads the
 * catalog. Each file records the hashes of its inputs and of its own text, so a test can tell when
 * the committed output is stale or was edited by hand.
 */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GENERATED_DIR = path.join(REPO, 'spec/ledger-desktop');
export const DEFAULT_CATALOG = path.resolve(REPO, '../shared/reference/desktop-api-catalog.json');
const COMMON_FILE = path.join(REPO, 'spec/components/common.yaml');
/** Everything besides the catalog that decides the output. */
export const GENERATOR_INPUTS = [
  'scripts/spec',
  'spec/components/common.yaml',
  'simulator/desktop/values/numericInputs.ts',
  // The type table's files (its rows, the row type, global references); its rules are in rules/.
  'simulator/desktop/table',
  // The object types' names and the kinds of item a line may name, which the rows refer to.
  'simulator/desktop/values/globalReferences.ts',
  // What turns a row's refs and the schema into `x-references`.
  'simulator/desktop/engine/TypeModel.ts',
  'simulator/desktop/engine/materialize.ts',
];

const HAND_WRITTEN_PATHS: Record<string, string> = {
  '/end-users': './resources/endUsers.yaml#/paths/~1end-users',
  '/end-users/{id}': './resources/endUsers.yaml#/paths/~1end-users~1{id}',
  '/end-users/{id}/passthrough/{integrationSlug}': './resources/passthrough.yaml#/paths/~1end-users~1{id}~1passthrough~1{integrationSlug}',
  '/auth-sessions': './resources/authSessions.yaml#/paths/~1auth-sessions',
  '/ledger-desktop/health-check': './resources/healthCheck.yaml#/paths/~1ledger-desktop~1health-check',
};

const FACT_KEYS = ['type', 'format', 'enum', 'const', 'default', 'minimum', 'maximum', 'minLength', 'maxLength', 'items'];

function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The files of GENERATOR_INPUTS (a folder stands for its own .ts files, not its subfolders), in a fixed order. */
export function generatorInputFiles(): string[] {
  const files: string[] = [];
  for (const input of GENERATOR_INPUTS) {
    const full = path.join(REPO, input);
    if (fs.statSync(full).isDirectory()) files.push(...fs.readdirSync(full).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort().map((f) => path.join(full, f)));
    else files.push(full);
  }
  return files.map((f) => path.relative(REPO, f));
}

/** The hash of the generator's own inputs, in a fixed order. */
export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of generatorInputFiles()) hash.update(file).update('\0').update(fs.readFileSync(path.join(REPO, file))).update('\0');
  return hash.digest('hex');
}

function facts(schema: Node, common: Node): Node {
  let s = schema;
  while (typeof s['$ref'] === 'string') s = ((common['schemas'] as Record<string, Node>)[(s['$ref'] as string).split('/').pop() ?? ''] ?? {}) as Node;
  const out: Node = {};
  for (const key of FACT_KEYS) {
    if (s[key] === undefined) continue;
    out[key] = key === 'items' ? facts(s[key] as Node, common) : s[key];
  }
  return out;
}

function sharedParameters(common: Node): SharedParameters {
  const params = Object.entries((common['parameters'] ?? {}) as Record<string, Node>);
  return {
    find(name, catalogFacts) {
      const wanted = JSON.stringify(facts(catalogFacts, common));
      const match = params.find(([, p]) => (name === '{id}' ? p['in'] === 'path' : p['in'] === 'query' && p['name'] === name) && JSON.stringify(facts(p['schema'] as Node, common)) === wanted);
      return match?.[0];
    },
  };
}

/** Leaf maps and lists that fit on a line are written in flow style: `{ type: string, maxLength: 41 }`. */
function toYaml(value: unknown): string {
  const doc = new YAML.Document(value, { aliasDuplicateObjects: false });
  YAML.visit(doc, {
    Map(_key, node) {
      const leaf = node.items.every((pair) => YAML.isScalar(pair.value) || (YAML.isSeq(pair.value) && pair.value.items.every(YAML.isScalar)));
      if (leaf && node.items.length <= 6 && JSON.stringify(node.toJSON()).length <= 90) node.flow = true;
    },
    Seq(_key, node) {
      if (node.items.every(YAML.isScalar)) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

export interface GeneratedFile {
  file: string;
  text: string;
}

function withHeader(body: string, catalogHash: string, inputs: string): string {
  return (
    '# Generated by `npm run spec:generate` (scripts/spec) from the reference catalog: do not edit by hand.\n' +
    `# catalog ${catalogHash.slice(0, 16)} inputs ${inputs.slice(0, 16)} body ${sha256(body).slice(0, 16)}\n${body}`
  );
}

/** Every generated file, as text, from a catalog; nothing is written. */
export function generateSpec(catalogText: string): GeneratedFile[] {
  const catalog = JSON.parse(catalogText) as Catalog;
  const catalogHash = sha256(catalogText);
  const inputs = inputsHash();
  const common = YAML.parse(fs.readFileSync(COMMON_FILE, 'utf8')) as Node;
  const shared = sharedParameters(common);
  const catalogSchemas = catalog.components.schemas;

  // Which resources use each catalog component, following components into components.
  const built = SERVED_RESOURCES.map((resource) => ({ resource, placed: new Map<string, string>() }));
  const users = new Map<string, Set<string>>();
  const closure = (start: Set<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      JSON.stringify(catalogSchemas[next] ?? {}).replace(/"#\/components\/schemas\/(\w+)"/g, (_m, name: string) => {
        stack.push(name);
        return '';
      });
    }
    return seen;
  };
  const placeholderCtx = (): ConvertContext => ({ componentRef: (n) => n, commonRef: (n) => n, direction: 'response' });
  for (const { resource } of built) {
    const probe = buildResource(catalog, resource, shared, placeholderCtx);
    for (const name of closure(probe.components)) {
      const set = users.get(name) ?? new Set<string>();
      set.add(resource.resource);
      users.set(name, set);
    }
  }
  const homeOf = (component: string): string => {
    const set = users.get(component);
    return set && set.size === 1 ? [...set][0] ?? 'shared' : 'shared';
  };
  const refFrom = (fromFile: string) => (component: string): string => {
    const home = homeOf(component);
    const name = schemaNameOf(component);
    return home === fromFile ? `#/schemas/${name}` : `./${home}.yaml#/schemas/${name}`;
  };
  const resourceOfType = new Map(TYPE_TABLE.flatMap((row) => (row.resource ? [[row.objectType, row.resource] as const] : [])));
  const ctxIn = (file: string) => (direction: 'request' | 'response'): ConvertContext => {
    const row = TYPE_TABLE.find((r) => r.resource === file);
    return {
      componentRef: refFrom(file),
      commonRef: (n) => `../components/common.yaml#/schemas/${n}`,
      direction,
      referenceResources: row ? (p) => targetsFor(row, p).flatMap((t) => resourceOfType.get(t) ?? []) : undefined,
    };
  };
  const componentSchemas = (file: string): Record<string, Node> =>
    Object.fromEntries(
      [...users.keys()]
        .filter((c) => homeOf(c) === file)
        .sort()
        .map((c) => [schemaNameOf(c), convertSchema(catalogSchemas[c] ?? {}, ctxIn(file)('response'))]),
    );

  const files: GeneratedFile[] = [];
  const rootPaths: Record<string, Node> = {};
  for (const [p, ref] of Object.entries(HAND_WRITTEN_PATHS)) rootPaths[p] = { $ref: ref };
  const results = built.map(({ resource }) => ({ resource, result: buildResource(catalog, resource, shared, ctxIn(resource.resource)) }));
  const sharedSchemas = componentSchemas('shared');
  hoistRepeated(
    results.map(({ resource, result }) => ({ file: resource.resource, schemas: result.schemas })),
    sharedSchemas,
  );
  for (const { resource, result } of results) {
    const own = componentSchemas(resource.resource);
    const body = toYaml({ paths: result.paths, schemas: { ...own, ...result.schemas } });
    files.push({ file: path.join(GENERATED_DIR, `${resource.resource}.yaml`), text: withHeader(`# ${resource.about}\n${body}`, catalogHash, inputs) });
    for (const p of Object.keys(result.paths)) rootPaths[p] = { $ref: `./ledger-desktop/${resource.resource}.yaml#/paths/${p.replaceAll('/', '~1')}` };
  }
  const sharedBody = toYaml({ schemas: sharedSchemas });
  files.push({ file: path.join(GENERATED_DIR, 'shared.yaml'), text: withHeader(`# Schemas several resources share.\n${sharedBody}`, catalogHash, inputs) });
  const root = {
    openapi: '3.1.0',
    info: {
      title: 'Desktop accounting data Service (ledger-sim model)',
      version: '0.2.0',
      summary: "The Service's HTTPS JSON API as ledger-sim understands it.",
      description:
        "ledger-sim's own model of the hosted Service that gives programs access to the company file of an end user's desktop accounting application. " +
        'The simulator routes, validates and shapes responses from this document and the contract tests are driven by it. Every operation has an ' +
        'operationId; the simulator and the contract runner key everything on it.',
    },
    servers: [{ url: 'https://{host}/v1', variables: { host: { default: 'localhost' } } }],
    security: [{ BearerAuth: [] }],
    paths: rootPaths,
    components: {
      securitySchemes: {
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'A secret key of the project (`sk_...`), sent as `Authorization: Bearer <key>`.' },
      },
    },
  };
  files.push({ file: path.join(REPO, 'spec/openapi.yaml'), text: withHeader(toYaml(root), catalogHash, inputs) });
  void camelOf;
  return files;
}

function main(): void {
  const catalogPath = process.argv[2] ?? process.env['LEDGER_SIM_CATALOG'] ?? DEFAULT_CATALOG;
  const files = generateSpec(fs.readFileSync(catalogPath, 'utf8'));
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  const keep = new Set(files.map((f) => f.file));
  for (const stale of fs.readdirSync(GENERATED_DIR).map((f) => path.join(GENERATED_DIR, f))) if (!keep.has(stale)) fs.rmSync(stale);
  for (const { file, text } of files) fs.writeFileSync(file, text);
  process.stdout.write(`wrote ${files.length} files (${files.reduce((n, f) => n + f.text.split('\n').length, 0)} lines) from ${catalogPath}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
