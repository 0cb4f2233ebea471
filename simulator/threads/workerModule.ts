/**
 * Where a second thread's module is: `name`.ts next to the caller when it runs from source (loaded
 * through tsx, as in tests and source runs), `name`.mjs next to the bundle otherwise
 * (scripts/bundle.mjs puts every thread's module beside the chunks that start it).
 */
export function workerModule(callerUrl: string, name: string): { entry: string; tsx: string | undefined } {
  if (!callerUrl.endsWith('.ts')) return { entry: new URL(`./${name}.mjs`, callerUrl).href, tsx: undefined };
  return { entry: new URL(`./${name}.ts`, callerUrl).href, tsx: import.meta.resolve('tsx/esm/api') };
}
