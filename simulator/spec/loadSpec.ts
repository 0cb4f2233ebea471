import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';

export type OpenApiDocument = OpenAPIV3_1.Document;

/** The project's own spec; every other path is someone else's document (contract runs, tests). */
export const DEFAULT_SPEC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../spec/openapi.yaml');

/**
 * Bundles the split spec and resolves every $ref, once, at start. Consumers only ever see the
 * dereferenced document, so nothing else needs to know how the files are laid out.
 */
export async function loadSpec(specPath: string = DEFAULT_SPEC_PATH): Promise<OpenApiDocument> {
  const parser = new SwaggerParser();
  const doc = await parser.dereference(specPath);
  return doc as OpenApiDocument;
}
