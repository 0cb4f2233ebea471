import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { KeptRequests } from './KeptRequests.ts';
import { PER_PROJECT, RequestLog, type RequestFacts } from './RequestLog.ts';

const facts = (n: number): RequestFacts => ({ requestId: `req_${n}`, at: n, method: 'GET', path: `/v1/x?n=${n}`, status: 200, code: null, ms: 1, endUserId: null, operationId: 'x.list' });

describe('the request log', () => {
  it('keeps the last 500 requests of each project, oldest first, each with its own bodies', () => {
    const log = new RequestLog();
    for (let n = 0; n < 520; n++) log.add('p1', facts(n), Buffer.from(`{"n":${n}}`), `{"answer":${n}}`);
    log.add('p2', facts(9), undefined, [Buffer.from('{"a":'), Buffer.from('1}')]);
    const kept = log.of('p1');
    expect(kept.map((e) => e.requestId)).toEqual(Array.from({ length: 500 }, (_, i) => `req_${i + 20}`));
    expect(kept[0]?.bodies().request).toBe('{"n":20}');
    expect(kept.at(-1)?.bodies().response).toBe('{"answer":519}');
    expect(log.of('p2').map((e) => e.bodies().response)).toEqual(['{"a":1}']);
    expect(log.of('nobody')).toEqual([]);
  });

  it('keeps the first 2 KB of a body, marks the cut, and redacts keys and connect secrets when shown', () => {
    const log = new RequestLog();
    const secret = 'sk_sandbox_abcdefghijklmnop1234';
    log.add('p', facts(1), Buffer.from(`{"publishableKey":"pk_sandbox_zyxwvutsrq9876","s":"auth_sess_client_secret_qwertyuiop"}`), `{"k":"${secret}","pad":"${'x'.repeat(5000)}"}`);
    const [entry] = log.of('p');
    const { request, response } = entry?.bodies() ?? { request: '', response: '' };
    expect(response.endsWith('…')).toBe(true);
    expect(response.length).toBeLessThan(2100);
    expect(response).not.toContain(secret);
    expect(response).toContain('sk_sandbox_…1234');
    expect(request).toContain('pk_sandbox_…9876');
    expect(request).not.toContain('qwertyuiop');
  });

  it('is kept across restarts: the newest 500 of each project, bodies redacted on disk, in order, and only what was flushed', () => {
    const db = new Database(':memory:');
    const first = new RequestLog(new KeptRequests(db, PER_PROJECT));
    const secret = 'sk_sandbox_abcdefghijklmnop1234';
    for (let n = 0; n < 300; n++) first.add('p1', facts(n), Buffer.from(`{"key":"${secret}","n":${n}}`), `{"answer":${n}}`);
    first.flush();
    for (let n = 300; n < 620; n++) first.add('p1', facts(n), undefined, `{"answer":${n}}`);
    first.add('p2', facts(1), undefined, '{"other":1}');
    first.flush();
    first.add('p1', facts(999), undefined, '{"not flushed":1}');
    // Under load (a request moments ago) nothing is written; once quiet, it is.
    first.flushWhenQuiet(60_000);
    expect(db.prepare("SELECT count(*) FROM request_log WHERE request_id = 'req_999'").pluck().get()).toBe(0);
    expect(JSON.stringify(db.prepare('SELECT * FROM request_log').all())).not.toContain(secret);
    const quietDb = new Database(':memory:');
    const quiet = new RequestLog(new KeptRequests(quietDb, PER_PROJECT));
    quiet.add('q', facts(1), undefined, '{}');
    quiet.flushWhenQuiet(0);
    expect(new RequestLog(new KeptRequests(quietDb, PER_PROJECT)).of('q')).toHaveLength(1);
    expect(db.prepare("SELECT count(*) FROM request_log WHERE project_id = 'p1'").pluck().get()).toBe(PER_PROJECT);

    const second = new RequestLog(new KeptRequests(db, PER_PROJECT));
    const kept = second.of('p1');
    expect(kept.map((e) => e.requestId)).toEqual(Array.from({ length: 500 }, (_, i) => `req_${i + 120}`));
    expect(kept[0]?.bodies().request).toContain('sk_sandbox_…1234');
    expect(kept.at(-1)?.bodies().response).toBe('{"answer":619}');
    expect(second.of('p2').map((e) => e.bodies().response)).toEqual(['{"other":1}']);
    // What this run logs comes after what was kept, and pushes the oldest out.
    second.add('p1', facts(1000), undefined, '{}');
    expect(second.of('p1').map((e) => e.requestId).slice(0, 1).concat(second.of('p1').map((e) => e.requestId).slice(-1))).toEqual(['req_121', 'req_1000']);
  });
});
