import type { Clock } from '../clock.ts';
import { CompanyFile } from '../CompanyFile.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { dataVersion } from '../storage/readSnapshot.ts';

/**
 * The time a report is computed at: the main thread's company file says it with each request (the
 * sandbox's clock is virtual, and can be moved), and it stands still while the report runs.
 */
class HeldClock implements Clock {
  ms = 0;

  now(): number {
    return this.ms;
  }
}

interface OpenFile {
  file: CompanyFile;
  clock: HeldClock;
  /** SQLite's data_version when the file was opened: another value means the main thread wrote since. */
  version: number;
}

/**
 * The report thread's company files: read-only opens of files the main thread keeps, by path, kept
 * between reports (the statements prepared at open are reused). An open file caches what it read
 * (meta values, page bodies); when the main thread has committed since, it is opened again rather
 * than trusted, which costs a few milliseconds.
 */
export class ReadOnlyFiles {
  private readonly open = new Map<string, OpenFile>();

  constructor(private readonly types: TypeRegistry) {}

  /** The file at `path` as last committed, its clock held at `nowSeconds`. */
  at(path: string, nowSeconds: number): CompanyFile {
    let entry = this.open.get(path);
    if (entry && dataVersion(entry.file.store) !== entry.version) {
      this.forget(path);
      entry = undefined;
    }
    if (!entry) {
      const clock = new HeldClock();
      const file = new CompanyFile({ path, clock, types: this.types, readOnly: true });
      entry = { file, clock, version: dataVersion(file.store) };
      this.open.set(path, entry);
    }
    entry.clock.ms = nowSeconds * 1000;
    return entry.file;
  }

  /** Closes the file at `path` if open: the main thread deleted it, and a new file may take its path. */
  forget(path: string): void {
    this.open.get(path)?.file.close();
    this.open.delete(path);
  }

  closeAll(): void {
    for (const path of [...this.open.keys()]) this.forget(path);
  }
}
