import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson } from './jsonAnswers.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server answering every request with `parts` through sendJson; its port. */
async function serving(parts: Buffer[]): Promise<{ port: number; finished: Promise<void> }> {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const server = http.createServer((_req, res) => {
    res.on('close', finish);
    sendJson(res, 200, parts);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, finished };
}

function get(port: number): Promise<{ length: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ length: res.headers['content-length'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('sendJson', () => {
  // Parts of uneven sizes, across and within the 1 MB slices.
  const large = [Buffer.from('{"rows":['), Buffer.alloc(2_500_000, 0x31), Buffer.from(','), Buffer.alloc(1_048_577, 0x32), Buffer.from(']}')];

  it.each([
    ['a small body in one write', [Buffer.from('{"a":'), Buffer.from('1}')]],
    ['a large body a slice at a time', large],
  ])('sends %s whole, with its length', async (_name, parts) => {
    const { port } = await serving(parts);
    const { length, body } = await get(port);
    const expected = Buffer.concat(parts);
    expect(Number(length)).toBe(expected.length);
    expect(body.equals(expected)).toBe(true);
  });

  it('stops writing a large body when the client goes, without an error', async () => {
    const { port, finished } = await serving(large);
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
      req.on('close', resolve);
      setTimeout(() => reject(new Error('no answer')), 5_000);
    });
    await finished;
  });
});
