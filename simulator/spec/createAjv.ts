import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type AddFormats = (ajv: Ajv2020) => unknown;
// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const formatsExport = addFormatsModule as unknown as AddFormats | { default: AddFormats };
const addFormats: AddFormats = typeof formatsExport === 'function' ? formatsExport : formatsExport.default;

/**
 * Ajv set up for OpenAPI 3.1 schemas. Strict, so a keyword we do not support stops the start
 * instead of being ignored; OpenAPI's own annotation keywords are declared as such.
 */
export function createAjv(options: { useDefaults?: boolean; allErrors?: boolean; verbose?: boolean; inlineRefs?: boolean; source?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: options.allErrors ?? false,
    verbose: options.verbose ?? false,
    useDefaults: options.useDefaults ?? false,
    inlineRefs: options.inlineRefs ?? true,
    strictRequired: false,
    allowUnionTypes: true,
    // The generated code kept, for a validator made into code of its own (fixtures/keptValidator.ts).
    ...(options.source ? { code: { source: true } } : {}),
  });
  addFormats(ajv);
  for (const keyword of ['example', 'xml', 'externalDocs', 'discriminator', 'x-references']) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  }
  return ajv;
}
