import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { randomToken } from '../serviceIds.ts';

export interface Account {
  id: string;
  email: string;
  password_hash: string;
}

export interface Organization {
  id: string;
  name: string;
}

export interface ProjectRow {
  id: string;
  name: string;
  organization: string;
  organization_id: string | null;
}

export interface KeyRow {
  id: number;
  kind: 'secret' | 'publishable';
  last_chars: string | null;
  created_at: number;
  revoked: number;
}

export interface WebSession {
  account_id: string;
  csrf: string;
  expires_at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS organizations (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS memberships (account_id TEXT NOT NULL, organization_id TEXT NOT NULL, PRIMARY KEY (account_id, organization_id));
CREATE TABLE IF NOT EXISTS web_sessions (hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, csrf TEXT NOT NULL, expires_at INTEGER NOT NULL);
`;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The dashboard's records, in the Service's database: accounts (passwords as scrypt hashes),
 * organizations, who belongs to which, and signed-in sessions (tokens as hashes).
 */
export class DashboardStore {
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
  }

  newId(): string {
    return randomToken(14);
  }

  accountByEmail(email: string): Account | undefined {
    return this.db.prepare('SELECT id, email, password_hash FROM accounts WHERE email = ?').get(email.toLowerCase()) as Account | undefined;
  }

  account(id: string): Account | undefined {
    return this.db.prepare('SELECT id, email, password_hash FROM accounts WHERE id = ?').get(id) as Account | undefined;
  }

  addAccount(email: string, passwordHash: string, now: number): Account {
    const account = { id: `acct_${randomToken(14)}`, email: email.toLowerCase(), password_hash: passwordHash };
    this.db.prepare('INSERT INTO accounts (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(account.id, account.email, passwordHash, now);
    return account;
  }

  setPassword(accountId: string, passwordHash: string): void {
    this.db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, accountId);
  }

  addOrganization(id: string, name: string, now: number): Organization {
    this.db.prepare('INSERT OR IGNORE INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(id, name, now);
    return { id, name };
  }

  addMember(accountId: string, organizationId: string): void {
    this.db.prepare('INSERT OR IGNORE INTO memberships (account_id, organization_id) VALUES (?, ?)').run(accountId, organizationId);
  }

  organizationsOf(accountId: string): Organization[] {
    return this.db
      .prepare('SELECT o.id, o.name FROM organizations o JOIN memberships m ON m.organization_id = o.id WHERE m.account_id = ? ORDER BY o.created_at, o.rowid')
      .all(accountId) as Organization[];
  }

  projectsOf(organizationId: string): ProjectRow[] {
    return this.db.prepare('SELECT id, name, organization, organization_id FROM projects WHERE organization_id = ? ORDER BY rowid').all(organizationId) as ProjectRow[];
  }

  addProject(organization: Organization, name: string): ProjectRow {
    const project = { id: `proj_${randomToken(14)}`, name, organization: organization.name, organization_id: organization.id };
    this.db.prepare('INSERT INTO projects (id, name, organization, organization_id) VALUES (?, ?, ?, ?)').run(project.id, name, organization.name, organization.id);
    return project;
  }

  placeProject(projectId: string, organizationId: string): void {
    this.db.prepare('UPDATE projects SET organization_id = ? WHERE id = ? AND organization_id IS NULL').run(organizationId, projectId);
  }

  /** The project, if the account belongs to its organization: a project of another organization is as good as missing. */
  projectFor(accountId: string, projectId: string): ProjectRow | undefined {
    return this.db
      .prepare('SELECT p.id, p.name, p.organization, p.organization_id FROM projects p JOIN memberships m ON m.organization_id = p.organization_id WHERE m.account_id = ? AND p.id = ?')
      .get(accountId, projectId) as ProjectRow | undefined;
  }

  keysOf(projectId: string): KeyRow[] {
    return this.db.prepare('SELECT rowid AS id, kind, last_chars, created_at, revoked FROM api_keys WHERE project_id = ? ORDER BY created_at, rowid').all(projectId) as KeyRow[];
  }

  revokeKey(projectId: string, keyId: number): boolean {
    return this.db.prepare('UPDATE api_keys SET revoked = 1 WHERE project_id = ? AND rowid = ?').run(projectId, keyId).changes > 0;
  }

  /** A new signed-in session: the token goes into the cookie, only its hash is kept. */
  openSession(accountId: string, expiresAt: number): { token: string; csrf: string } {
    const token = randomToken(40);
    const csrf = randomToken(32);
    this.db.prepare('INSERT INTO web_sessions (hash, account_id, csrf, expires_at) VALUES (?, ?, ?, ?)').run(sha256(token), accountId, csrf, expiresAt);
    return { token, csrf };
  }

  session(token: string, now: number): WebSession | undefined {
    const row = this.db.prepare('SELECT account_id, csrf, expires_at FROM web_sessions WHERE hash = ?').get(sha256(token)) as WebSession | undefined;
    return row && row.expires_at > now ? row : undefined;
  }

  closeSession(token: string): void {
    this.db.prepare('DELETE FROM web_sessions WHERE hash = ?').run(sha256(token));
  }

  /** Marks an auth session's link used; false when it already was. */
  useAuthSession(id: string, now: number): boolean {
    return this.db.prepare('UPDATE auth_sessions SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, id).changes > 0;
  }

  authSessionBySecret(secretHash: string): { id: string; project_id: string; end_user_id: string; expires_at: number; redirect_url: string | null; used_at: number | null } | undefined {
    return this.db.prepare('SELECT id, project_id, end_user_id, expires_at, redirect_url, used_at FROM auth_sessions WHERE client_secret_hash = ?').get(secretHash) as
      | { id: string; project_id: string; end_user_id: string; expires_at: number; redirect_url: string | null; used_at: number | null }
      | undefined;
  }
}
