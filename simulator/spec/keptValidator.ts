import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnyValidateFunction } from 'ajv/dist/core.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cacheDir, keepUsedLast, touchCacheFile, writeCacheFile } from './cacheDir.ts';

type StandaloneCode = (ajv: Ajv2020, validate: AnyValidateFunction) => string;
// ajv's standalone module is CommonJS: under NodeNext its default import may be the module object.
const standaloneExport = standaloneModule as unknown as StandaloneCode | { default: StandaloneCode };
const standaloneCode: StandaloneCode = typeof standaloneExport === 'function' ? standaloneExport : standaloneExport.default;

/** What the kept code requires (ajv's runtime helpers, the formats) resolves from this package, wherever the cache is. */
const requireHere = createRequire(import.meta.url);
const AJV_VERSION = (requireHere('ajv/package.json') as { version: string }).version;

/** Where validators kept by their digest go (`keptValidatorIn`): one file per schema and set-up of ajv. */
export const KEPT_VALIDATORS_DIR = path.join(cacheDir(), 'validators');
/**
 * Bytes of validators kept in a folder, last used first. The Service's 250 or so are 14 MB; a
 * changed schema leaves its old code behind, which goes once it has not been used for this much.
 */
export const KEPT_VALIDATOR_BYTES = 64 * 1024 * 1024;

const setups = new WeakMap<Ajv2020, string>();

/** What a validator compiled by `ajv` depends on besides the schema: ajv's version, its plain options, keywords and formats. */
function setupOf(ajv: Ajv2020): string {
  let setup = setups.get(ajv);
  if (setup === undefined) {
    const plain = Object.entries(ajv.opts).filter(([, value]) => ['boolean', 'number', 'string'].includes(typeof value));
    const internals = ajv as unknown as { RULES: { keywords: object }; formats: object };
    setup = JSON.stringify([AJV_VERSION, plain, Object.keys(internals.RULES.keywords).sort(), Object.keys(internals.formats).sort()]);
    setups.set(ajv, setup);
  }
  return setup;
}

/** The digest a kept validator is made from: the schema (or its JSON text) and the set-up of the Ajv that compiles it. */
export function validatorDigest(schema: object | string, ajv: Ajv2020): string {
  return createHash('sha256')
    .update(setupOf(ajv))
    .update('\0')
    .update(typeof schema === 'string' ? schema : JSON.stringify(schema))
    .digest('hex');
}

function instantiate(code: string): AnyValidateFunction {
  const module = { exports: {} as { default?: AnyValidateFunction } };
  // The code ajv generated itself for this schema (as its compile does with `new Function`).
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  const validate = module.exports.default ?? (module.exports as unknown as AnyValidateFunction);
  if (typeof validate !== 'function') throw new Error('the kept validator exports no function');
  return validate;
}

function readKept(cachePath: string, digest: string): AnyValidateFunction | undefined {
  try {
    const kept = JSON.parse(fs.readFileSync(cachePath, 'utf8')) as { digest?: string; code?: string };
    return kept.digest === digest && typeof kept.code === 'string' ? instantiate(kept.code) : undefined;
  } catch {
    return undefined;
  }
}

function keptOrCompiled(schema: object, ajv: Ajv2020, digest: string, cachePath: string, keepBytes?: number): AnyValidateFunction {
  const kept = readKept(cachePath, digest);
  if (kept) {
    if (keepBytes !== undefined) touchCacheFile(cachePath);
    return kept;
  }
  const validate = ajv.compile(schema);
  writeCacheFile(cachePath, JSON.stringify({ digest, code: standaloneCode(ajv, validate) }));
  if (keepBytes !== undefined) keepUsedLast(path.dirname(cachePath), '.json', keepBytes);
  return validate;
}

/**
 * A validator of `schema` by `ajv` (made with `code: { source: true }`), compiled once per change of
 * the schema or of ajv's set-up and kept as ajv's standalone code at `cachePath` in the cache folder
 * (`cacheDir`), as the dereferenced spec is. The fixture schema took 0.85-1.1 s to compile, in
 * every `fixtures validate` and `fixtures load` and on the shape check's thread, where it slowed
 * the loading thread beside it; its kept code (3.6 MB) loads in about 80 ms and validates the same.
 */
export function keptValidator(schema: object, ajv: Ajv2020, cachePath: string): AnyValidateFunction {
  return keptOrCompiled(schema, ajv, validatorDigest(schema, ajv), cachePath);
}

/**
 * Validators kept in `folder`, a file per digest, for the many schemas of the Service's operations:
 * its 160 answers compiled in 3 s and load from their code in 0.37 s (93 request bodies: 0.85 s and
 * 0.09 s), on the first request of each operation in every process a sandbox runs in. `json` is the
 * schema's JSON text when the caller has it already. The folder keeps those used last within
 * `keepBytes`.
 */
export function keptValidatorIn(folder: string, keepBytes = KEPT_VALIDATOR_BYTES): (schema: object, ajv: Ajv2020, json?: string) => AnyValidateFunction {
  return (schema, ajv, json) => {
    const digest = validatorDigest(json ?? schema, ajv);
    return keptOrCompiled(schema, ajv, digest, path.join(folder, `${digest.slice(0, 32)}.json`), keepBytes);
  };
}
