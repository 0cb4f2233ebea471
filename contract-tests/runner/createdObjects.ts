import fs from 'node:fs';
import path from 'node:path';
import type { Exchange } from './httpClient.ts';
import { verbOf } from './related.ts';
import type { SpecModel, SpecOperation } from './specModel.ts';
import type { Created } from './checkTypes.ts';

export type { Created } from './checkTypes.ts';

/** What a run made and what became of it, kept in a file while the run goes, so an interrupted run can be cleaned up later. */
export interface RunRecord {
  runId: string;
  target: string;
  endUserId: string;
  startedAt: string;
  created: Created[];
}

/**
 * Watches a run's traffic for the objects it makes: every create the target answered with an id (a
 * check's own, a body made for another check, a second end user), and every delete of one of them.
 * Knowing this from the traffic, not from each check, means no check can forget to say what it made.
 */
export class CreatedObjects {
  readonly record: RunRecord;
  /** The creates and deletes of the spec, each with its path as a pattern: made once, matched on every answer. */
  private readonly writes: { op: SpecOperation; verb: 'create' | 'delete'; path: RegExp }[];

  constructor(
    spec: SpecModel,
    private readonly basePath: string,
    record: Omit<RunRecord, 'created'>,
    private readonly file: string | undefined,
  ) {
    this.record = { ...record, created: [] };
    this.writes = spec.operations.flatMap((op) => {
      const verb = verbOf(op);
      return verb === 'create' || verb === 'delete' ? [{ op, verb, path: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }] : [];
    });
  }

  watch(exchange: Exchange): void {
    const method = exchange.request.method;
    if (exchange.status !== 200 || exchange.networkError !== undefined || (method !== 'POST' && method !== 'DELETE')) return;
    const pathname = new URL(exchange.request.url).pathname;
    if (!pathname.startsWith(this.basePath)) return;
    const below = pathname.slice(this.basePath.length);
    const write = this.writes.find((w) => w.op.method === method && w.path.test(below));
    const body = exchange.json as Record<string, unknown> | undefined;
    if (!write || typeof body?.['id'] !== 'string') return;
    const { op, verb } = write;
    if (verb === 'create') {
      const label = body['fullName'] ?? body['name'] ?? body['refNumber'] ?? body['companyName'] ?? null;
      this.record.created.push({ id: body['id'], objectType: String(body['objectType'] ?? op.operationId), path: below, label: typeof label === 'string' ? label : null });
      this.save();
    } else if (verb === 'delete') {
      const made = this.record.created.find((c) => c.id === body['id']);
      if (made) {
        made.gone = true;
        this.save();
      }
    }
  }

  /** Written after every change: a run killed half way leaves what it had made on disk. */
  save(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(`${this.file}.tmp`, `${JSON.stringify(this.record, null, 2)}\n`);
    fs.renameSync(`${this.file}.tmp`, this.file);
  }
}

/** The records of runs against a target that still hold something to remove. */
export function recordsIn(dir: string, target: string): { file: string; record: RunRecord }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: path.join(dir, name), record: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as RunRecord }))
    .filter(({ record }) => record.target === target);
}
