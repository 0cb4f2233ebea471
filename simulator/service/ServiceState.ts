import Database from 'better-sqlite3';
import { DashboardStore } from './dashboard/DashboardStore.ts';
import { SignInThrottle } from './dashboard/SignInThrottle.ts';
import { hashKey } from './serviceIds.ts';
import { KeptRequests } from './KeptRequests.ts';
import { PER_PROJECT } from './RequestLog.ts';

export interface Project {
  id: string;
  name: string;
  organization: string;
}

export interface EndUserRow {
  id: string;
  project_id: string;
  company_name: string;
  source_id: string;
  email: string;
  created_at: number;
}

export interface ConnectionRow {
  id: string;
  end_user_id: string;
  created_at: number;
  company_file_id: string | null;
  last_request_at: number | null;
  last_success_at: number | null;
}

export interface AuthSessionRow {
  id: string;
  project_id: string;
  end_user_id: string;
  created_at: number;
  expires_at: number;
  redirect_url: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, organization TEXT NOT NULL, clock_offset_ms INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS api_keys (
  hash TEXT PRIMARY KEY, project_id TEXT NOT NULL, kind TEXT NOT NULL, created_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS end_users (
  id TEXT PRIMARY KEY, project_id TEXT NOT NULL, company_name TEXT NOT NULL, source_id TEXT NOT NULL, email TEXT NOT NULL,
  created_at INTEGER NOT NULL, UNIQUE (project_id, source_id));
CREATE TABLE IF NOT EXISTS connections (
  id TEXT PRIMARY KEY, end_user_id TEXT NOT NULL, created_at INTEGER NOT NULL, company_file_id TEXT,
  last_request_at INTEGER, last_success_at INTEGER);
CREATE TABLE IF NOT EXISTS auth_sessions (
  id TEXT PRIMARY KEY, project_id TEXT NOT NULL, end_user_id TEXT NOT NULL, client_secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, redirect_url TEXT);
`;

/** Columns tables gained after data dirs were first made, added to those that lack them. */
const ADDED_COLUMNS: [table: string, column: string, definition: string][] = [
  ['projects', 'clock_offset_ms', 'INTEGER NOT NULL DEFAULT 0'],
  ['projects', 'organization_id', 'TEXT'],
  ['api_keys', 'last_chars', 'TEXT'],
  ['auth_sessions', 'used_at', 'INTEGER'],
];

/**
 * The hosted Service's own records: projects, keys (as hashes only), end users, their connections
 * and auth sessions. On disk it survives restarts like the company files do.
 */
export class ServiceState {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly requestTimes = new Map<string, { last: number; success: number | null }>();
  /** The dashboard's accounts, organizations and sessions, in the same database. */
  readonly dashboard: DashboardStore;
  /** The request log's copy, in the same database. */
  readonly keptRequests: KeptRequests;
  /** Failed dashboard sign-ins by email and by address; in memory, like the request times. */
  readonly signIns = new SignInThrottle();

  /** Statements are prepared once: several run on every request. */
  private sql(text: string): Database.Statement {
    let stmt = this.statements.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      this.statements.set(text, stmt);
    }
    return stmt;
  }

  constructor(filePath: string) {
    this.db = new Database(filePath);
    if (filePath !== ':memory:') {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
    }
    this.db.exec(SCHEMA);
    for (const [table, column, definition] of ADDED_COLUMNS) {
      const columns = this.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      if (!columns.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
    this.dashboard = new DashboardStore(this.db);
    this.keptRequests = new KeptRequests(this.db, PER_PROJECT);
  }

  clockOffset(projectId: string): number {
    const row = this.sql('SELECT clock_offset_ms AS ms FROM projects WHERE id = ?').get(projectId) as { ms: number } | undefined;
    return row?.ms ?? 0;
  }

  setClockOffset(projectId: string, offsetMs: number): void {
    this.sql('UPDATE projects SET clock_offset_ms = ? WHERE id = ?').run(offsetMs, projectId);
  }

  ensureProject(project: Project): void {
    this.sql('INSERT OR IGNORE INTO projects (id, name, organization) VALUES (?, ?, ?)').run(project.id, project.name, project.organization);
  }

  projectNamed(name: string): Project | undefined {
    return this.sql('SELECT id, name, organization FROM projects WHERE name = ? ORDER BY rowid LIMIT 1').get(name) as Project | undefined;
  }

  addKey(projectId: string, kind: 'secret' | 'publishable', key: string, now: number): void {
    // The last characters let people tell their keys apart in the dashboard; they cannot be used.
    this.sql('INSERT OR IGNORE INTO api_keys (hash, project_id, kind, created_at, last_chars) VALUES (?, ?, ?, ?, ?)').run(hashKey(key), projectId, kind, now, key.slice(-4));
  }

  projectForKey(kind: 'secret' | 'publishable', key: string): Project | undefined {
    return this
      .sql(
        `SELECT p.id, p.name, p.organization FROM api_keys k JOIN projects p ON p.id = k.project_id
         WHERE k.hash = ? AND k.kind = ? AND k.revoked = 0`,
      )
      .get(hashKey(key), kind) as Project | undefined;
  }

  addEndUser(row: EndUserRow): void {
    this
      .sql('INSERT INTO end_users (id, project_id, company_name, source_id, email, created_at) VALUES (@id, @project_id, @company_name, @source_id, @email, @created_at)')
      .run(row);
  }

  endUser(projectId: string, id: string): EndUserRow | undefined {
    return this.sql('SELECT * FROM end_users WHERE project_id = ? AND id = ?').get(projectId, id) as EndUserRow | undefined;
  }

  endUserBySource(projectId: string, sourceId: string): EndUserRow | undefined {
    return this.sql('SELECT * FROM end_users WHERE project_id = ? AND source_id = ?').get(projectId, sourceId) as EndUserRow | undefined;
  }

  endUsers(projectId: string): EndUserRow[] {
    return this.sql('SELECT * FROM end_users WHERE project_id = ? ORDER BY created_at, rowid').all(projectId) as EndUserRow[];
  }

  /**
   * Removes the end user and their connections in one step. Returns the company files no
   * connection holds any more, for the caller to delete: nothing else can reach them.
   */
  deleteEndUser(id: string): string[] {
    return this.db.transaction(() => {
      const files = (this.sql('SELECT DISTINCT company_file_id FROM connections WHERE end_user_id = ? AND company_file_id IS NOT NULL').pluck().all(id) as string[]);
      this.sql('DELETE FROM connections WHERE end_user_id = ?').run(id);
      this.sql('DELETE FROM auth_sessions WHERE end_user_id = ?').run(id);
      this.sql('DELETE FROM end_users WHERE id = ?').run(id);
      const held = this.sql('SELECT 1 FROM connections WHERE company_file_id = ? LIMIT 1');
      return files.filter((file) => held.get(file) === undefined);
    })();
  }

  connections(endUserId: string): ConnectionRow[] {
    const rows = this.sql('SELECT * FROM connections WHERE end_user_id = ? ORDER BY created_at, rowid').all(endUserId) as ConnectionRow[];
    return rows.map((row) => {
      const t = this.requestTimes.get(row.id);
      return t ? { ...row, last_request_at: t.last, last_success_at: t.success ?? row.last_success_at } : row;
    });
  }

  addConnection(row: ConnectionRow): void {
    this
      .sql(
        `INSERT INTO connections (id, end_user_id, created_at, company_file_id, last_request_at, last_success_at)
         VALUES (@id, @end_user_id, @created_at, @company_file_id, @last_request_at, @last_success_at)`,
      )
      .run(row);
  }

  /** The end user's connection loses its company file: the connect flow is unfinished again. */
  detachCompanyFile(connectionId: string): void {
    this.sql('UPDATE connections SET company_file_id = NULL WHERE id = ?').run(connectionId);
  }

  attachCompanyFile(connectionId: string, companyFileId: string): void {
    this.sql('UPDATE connections SET company_file_id = ? WHERE id = ?').run(companyFileId, connectionId);
  }

  /**
   * Request times change on every request: kept in memory and written by `flush` (on a timer and at
   * close) so that a page of data does not cost a disk sync.
   */
  recordRequest(connectionId: string, at: number, succeeded: boolean): void {
    const seen = this.requestTimes.get(connectionId);
    this.requestTimes.set(connectionId, { last: at, success: succeeded ? at : (seen?.success ?? null) });
  }

  flush(): void {
    if (this.requestTimes.size === 0 || !this.db.open) return;
    const update = this.sql('UPDATE connections SET last_request_at = ?, last_success_at = COALESCE(?, last_success_at) WHERE id = ?');
    this.db.transaction(() => {
      for (const [id, t] of this.requestTimes) update.run(t.last, t.success, id);
    })();
    this.requestTimes.clear();
  }

  addAuthSession(row: AuthSessionRow, clientSecret: string): void {
    this
      .sql(
        `INSERT INTO auth_sessions (id, project_id, end_user_id, client_secret_hash, created_at, expires_at, redirect_url)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(row.id, row.project_id, row.end_user_id, hashKey(clientSecret), row.created_at, row.expires_at, row.redirect_url);
  }

  close(): void {
    this.flush();
    if (this.db.open) this.db.close();
  }
}
