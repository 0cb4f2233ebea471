import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runsBundle } from '../launch/freshBundle.js';

/**
 * Where a second thread's module is: `name`.mjs next to the bundle when the caller runs from it
 * (scripts/bundle.mjs puts every thread's module beside the chunks that start it), and from source
 * too when the clone's bundle is fresh (`launch/freshBundle.js`: the same code, started in a
 * quarter of the time); otherwise `name`.ts next to the caller, loaded through tsx.
 */
export function workerModule(callerUrl: string, name: string): { entry: string; tsx: string | undefined } {
  if (!callerUrl.endsWith('.ts')) return { entry: new URL(`./${name}.mjs`, callerUrl).href, tsx: undefined };
  const bundled = path.join(ROOT, 'dist', 'cli', `${name}.mjs`);
  if (runsBundle(bundled)) return { entry: pathToFileURL(bundled).href, tsx: undefined };
  return { entry: new URL(`./${name}.ts`, callerUrl).href, tsx: import.meta.resolve('tsx/esm/api') };
}
