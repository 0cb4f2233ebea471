import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { cacheDir, PACKAGE_ROOT, writeCacheFile } from './cacheDir.ts';

export type OpenApiDocument = OpenAPIV3_1.Document;

/** The project's own spec; every other path is someone else's document (contract runs, tests). */
export const DEFAULT_SPEC_PATH = path.join(PACKAGE_ROOT, 'spec/openapi.yaml');
/** The project's spec, dereferenced, kept with the digest of the files it was made from. */
export const SPEC_CACHE_PATH = path.join(cacheDir(), 'openapi.dereferenced.json');

/** A digest of every file under the spec folder: their names and bytes, in name order. */
export function specDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function readCache(cachePath: string, digest: string): OpenApiDocument | undefined {
  try {
    const cached = JSON.parse(fs.readFileSync(cachePath, 'utf8')) as { digest?: string; doc?: OpenApiDocument };
    return cached.digest === digest ? cached.doc : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bundles the split spec and resolves every $ref, once, at start. Consumers only ever see the
 * dereferenced document, so nothing else needs to know how the files are laid out. The project's
 * own spec is dereferenced once per change of its files: parsing the kept JSON costs a tenth of
 * reading and resolving the YAML, most of what a start spent on the spec.
 */
export async function loadSpec(specPath: string = DEFAULT_SPEC_PATH, cachePath: string = SPEC_CACHE_PATH): Promise<OpenApiDocument> {
  const own = path.resolve(specPath) === DEFAULT_SPEC_PATH;
  const digest = own ? specDigest(path.dirname(DEFAULT_SPEC_PATH)) : '';
  const cached = own ? readCache(cachePath, digest) : undefined;
  if (cached) return cached;
  const doc = (await new SwaggerParser().dereference(specPath)) as OpenApiDocument;
  // A read-only install simply dereferences at every start.
  if (own) writeCacheFile(cachePath, JSON.stringify({ digest, doc }));
  return doc;
}
