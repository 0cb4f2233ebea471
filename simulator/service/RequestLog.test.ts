import { describe, expect, it } from 'vitest';
import { readableBody, RequestLog, type RequestFacts } from './RequestLog.ts';

const facts = (n: number): RequestFacts => ({ requestId: `req_${n}`, at: n, method: 'GET', path: `/v1/x?n=${n}`, status: 200, code: null, ms: 1, endUserId: null, operationId: 'x.list' });

describe('the request log', () => {
  it('keeps the last 500 requests of each project, oldest first, each with its own bodies', () => {
    const log = new RequestLog();
    for (let n = 0; n < 520; n++) log.add('p1', facts(n), Buffer.from(`{"n":${n}}`), `{"answer":${n}}`);
    log.add('p2', facts(9), undefined, [Buffer.from('{"a":'), Buffer.from('1}')]);
    const kept = log.of('p1');
    expect(kept.map((e) => e.requestId)).toEqual(Array.from({ length: 500 }, (_, i) => `req_${i + 20}`));
    expect(readableBody(kept[0]?.requestBytes ?? Buffer.alloc(0))).toBe('{"n":20}');
    expect(readableBody(kept.at(-1)?.responseBytes ?? Buffer.alloc(0))).toBe('{"answer":519}');
    expect(log.of('p2').map((e) => readableBody(e.responseBytes))).toEqual(['{"a":1}']);
    expect(log.of('nobody')).toEqual([]);
  });

  it('keeps the first 2 KB of a body, marks the cut, and redacts keys and connect secrets when shown', () => {
    const log = new RequestLog();
    const secret = 'sk_sandbox_abcdefghijklmnop1234';
    log.add('p', facts(1), Buffer.from(`{"publishableKey":"pk_sandbox_zyxwvutsrq9876","s":"auth_sess_client_secret_qwertyuiop"}`), `{"k":"${secret}","pad":"${'x'.repeat(5000)}"}`);
    const [entry] = log.of('p');
    const response = readableBody(entry?.responseBytes ?? Buffer.alloc(0));
    expect(entry?.responseBytes.length).toBe(2048);
    expect(response.endsWith('…')).toBe(true);
    expect(response).not.toContain(secret);
    expect(response).toContain('sk_sandbox_…1234');
    const request = readableBody(entry?.requestBytes ?? Buffer.alloc(0));
    expect(request).toContain('pk_sandbox_…9876');
    expect(request).not.toContain('qwertyuiop');
  });
});
