import fs from 'node:fs';
import path from 'node:path';
import type { WaitableClock } from './clock.ts';
import { CompanyFile } from './CompanyFile.ts';
import { DesktopApplication, reportJson, type ReportRunner } from './DesktopApplication.ts';
import type { TypeRegistry } from './engine/TypeRegistry.ts';
import { ReportThreads } from './reportThread/ReportThreads.ts';

export interface DesktopHostOptions {
  /** Folder for company files; undefined keeps them in memory. */
  dataDir: string | undefined;
  clock: WaitableClock;
  types: TypeRegistry;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The machines running the desktop application: one company file each, opened on first use and
 * kept open. Company files on disk survive restarts; in-memory ones live as long as the process.
 */
export class DesktopHost {
  private readonly open = new Map<string, DesktopApplication>();
  /** Compute the reports of files on disk, off this thread (ReportThread says why); started when needed. */
  private readonly reportThreads = new ReportThreads();

  constructor(private readonly options: DesktopHostOptions) {
    if (options.dataDir) fs.mkdirSync(path.join(options.dataDir, 'company-files'), { recursive: true });
  }

  pathOf(companyFileId: string): string {
    if (!SAFE_ID.test(companyFileId)) throw new Error(`unsafe company file id ${companyFileId}`);
    return this.options.dataDir ? path.join(this.options.dataDir, 'company-files', `${companyFileId}.sqlite`) : ':memory:';
  }

  /**
   * Removes the files of its folder that `isLeftover` names (what a process that died half way
   * through writing left, before anything opens a company file); returns their names.
   */
  dropLeftovers(isLeftover: (fileName: string) => boolean): string[] {
    if (!this.options.dataDir) return [];
    const dir = path.join(this.options.dataDir, 'company-files');
    const leftovers = fs.readdirSync(dir).filter(isLeftover);
    for (const name of leftovers) fs.rmSync(path.join(dir, name), { force: true });
    return leftovers;
  }

  exists(companyFileId: string): boolean {
    return this.open.has(companyFileId) || (this.options.dataDir !== undefined && fs.existsSync(this.pathOf(companyFileId)));
  }

  /**
   * Opens (creating if needed) a company file, on the clock of the project it belongs to; once open
   * it keeps that clock. A new one can start as the bytes of another (`template`).
   */
  application(companyFileId: string, clock: WaitableClock = this.options.clock, template?: Buffer): DesktopApplication {
    let app = this.open.get(companyFileId);
    if (!app) {
      // A template only shapes a file that does not exist yet: one on disk keeps what it has.
      const file = new CompanyFile({ path: this.pathOf(companyFileId), clock, types: this.options.types, ...(template && !this.exists(companyFileId) ? { template } : {}) });
      app = new DesktopApplication(file, clock, this.reportRunnerOf(companyFileId));
      this.open.set(companyFileId, app);
    }
    return app;
  }

  /**
   * Where a company file's reports are computed. A file on disk: on a report thread, which opens
   * it read-only, at the time the file says it is now (the project's clock, virtual in the
   * sandbox). An in-memory file cannot be opened by another thread (its database lives in this
   * thread's memory): its reports run here, and hold this thread while they do.
   */
  private reportRunnerOf(companyFileId: string): ReportRunner {
    if (!this.options.dataDir) return reportJson;
    const filePath = this.pathOf(companyFileId);
    return (file, family, query) => this.reportThreads.report({ path: filePath, family, query, nowSeconds: file.nowSeconds() });
  }

  /**
   * Closes a company file and deletes it: for one created moments ago whose filling failed, so a
   * failed load leaves no company file behind.
   */
  discard(companyFileId: string): void {
    this.open.get(companyFileId)?.close();
    this.open.delete(companyFileId);
    if (!this.options.dataDir) return;
    this.reportThreads.forget(this.pathOf(companyFileId));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${this.pathOf(companyFileId)}${suffix}`, { force: true });
  }

  sweepIterators(): void {
    for (const app of this.open.values()) app.sweepIterators();
  }

  get types(): TypeRegistry {
    return this.options.types;
  }

  closeAll(): void {
    for (const app of this.open.values()) app.close();
    this.open.clear();
    this.reportThreads.close();
  }
}
