import type Database from 'better-sqlite3';
import type { RequestFacts } from './loggedRequest.ts';

/** A logged request as kept across restarts: its facts and its bodies as people read them (secrets redacted, a cut-off body marked). */
export type KeptRequest = RequestFacts & { projectId: string; requestBody: string; responseBody: string };

const SCHEMA = `CREATE TABLE IF NOT EXISTS request_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id TEXT NOT NULL, request_id TEXT NOT NULL, at INTEGER NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
  status INTEGER NOT NULL, code TEXT, ms REAL NOT NULL, end_user_id TEXT, operation_id TEXT,
  request_body TEXT NOT NULL, response_body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS request_log_project ON request_log (project_id, seq);`;

/**
 * The request log's copy in the Service's database (service.sqlite): the newest `perProject` of
 * each project, written a batch at a time (the log flushes with the request times, every few
 * seconds, and at a clean stop), read once at start. Bodies are stored redacted: no secret reaches
 * the disk.
 */
export class KeptRequests {
  private readonly insert: Database.Statement;
  private readonly trim: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly perProject: number,
  ) {
    db.exec(SCHEMA);
    this.insert = db.prepare(`INSERT INTO request_log (project_id, request_id, at, method, path, status, code, ms, end_user_id, operation_id, request_body, response_body)
      VALUES (@projectId, @requestId, @at, @method, @path, @status, @code, @ms, @endUserId, @operationId, @requestBody, @responseBody)`);
    this.trim = db.prepare(`DELETE FROM request_log WHERE project_id = ? AND seq <= (SELECT seq FROM request_log WHERE project_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`);
  }

  /** Adds requests in the order they were answered, then drops each project's beyond the newest kept. */
  save(requests: readonly KeptRequest[]): void {
    if (requests.length === 0 || !this.db.open) return;
    this.db.transaction(() => {
      for (const r of requests) this.insert.run(r);
      for (const project of new Set(requests.map((r) => r.projectId))) this.trim.run(project, project, this.perProject);
    })();
  }

  /** Every project's kept requests, oldest first. */
  load(): KeptRequest[] {
    return this.db
      .prepare(
        `SELECT project_id AS projectId, request_id AS requestId, at, method, path, status, code, ms, end_user_id AS endUserId, operation_id AS operationId,
          request_body AS requestBody, response_body AS responseBody FROM request_log ORDER BY seq`,
      )
      .all() as KeptRequest[];
  }
}
