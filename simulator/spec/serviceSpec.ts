import path from 'node:path';
import { compileValidators, type OperationValidators } from './compileValidators.ts';
import { indexOperations } from './indexOperations.ts';
import { DEFAULT_SPEC_PATH, loadSpec, specDigest } from './loadSpec.ts';
import type { OperationSpec } from './types.ts';

/** The Service's operations and their request and response validators. */
export interface ServiceSpec {
  operations: ReadonlyMap<string, OperationSpec>;
  validators: ReadonlyMap<string, OperationValidators>;
}

let loaded: { digest: string; spec: Promise<ServiceSpec> } | undefined;

/**
 * The project's spec as its files are now, loaded and indexed once per process: every sandbox a
 * process starts (a test suite starts dozens) shares it, and so shares the validators each
 * operation compiles on its first request (ajv's compiled functions hold no request's data).
 */
export function loadServiceSpec(): Promise<ServiceSpec> {
  const digest = specDigest(path.dirname(DEFAULT_SPEC_PATH));
  if (loaded?.digest !== digest) {
    const spec = loadSpec().then((doc) => {
      const operations = indexOperations(doc);
      return { operations, validators: compileValidators(operations) };
    });
    loaded = { digest, spec };
    // A failed load is not kept: the next start tries again.
    spec.catch(() => {
      if (loaded?.spec === spec) loaded = undefined;
    });
  }
  return loaded.spec;
}
