import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';
import { sendJson } from './jsonAnswers.ts';
import type { ResponseBody } from './types.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server answering `/` with `parts` (or what `answer` makes) through sendJson, and `/control` with a small body; its port. */
async function serving(parts: Buffer[], answer: () => ResponseBody = () => parts): Promise<{ port: number; finished: Promise<void> }> {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === '/control') return sendJson(res, 200, '{"control":true}');
    res.on('close', finish);
    sendJson(res, 200, answer());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, finished };
}

function get(port: number, path = '/'): Promise<{ length: string | undefined; chunked: boolean; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ length: res.headers['content-length'], chunked: res.headers['transfer-encoding'] === 'chunked', body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A client that reads the first bytes of the answer and goes. */
function leaveAfterFirstBytes(port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
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
}

/** A report's JSON as a report thread hands it over: the first slice, then the rest pushed by the test. */
function streamed(first: Buffer): { json: StreamedJson; rest: Readable } {
  const rest = new Readable({ objectMode: true, read: () => undefined });
  return { json: new StreamedJson(first, rest), rest };
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
    await leaveAfterFirstBytes(port);
    await finished;
  });

  describe('a report streamed from its thread', () => {
    const slices = [Buffer.from('{"rows":['), Buffer.alloc(1_500_000, 0x31), Buffer.from(',"é💶"'), Buffer.alloc(700_000, 0x32), Buffer.from(']}')];

    it('arrives whole, chunked, each slice sent as it comes; meanwhile another request and a control are answered', async () => {
      let feed: Readable | undefined;
      const { port } = await serving([], () => {
        const { json, rest } = streamed(slices[0] as Buffer);
        feed = rest;
        return json;
      });
      const answer = get(port);
      // The first slice is out; the rest is not written yet (its thread is still writing it).
      while (!feed) await new Promise((resolve) => setTimeout(resolve, 5));
      let done = false;
      void answer.then(() => (done = true));
      const [control, other] = await Promise.all([get(port, '/control'), get(port, '/control')]);
      expect(control.body.toString()).toBe('{"control":true}');
      expect(other.length).toBe('16');
      expect(done).toBe(false);
      for (const slice of slices.slice(1)) feed.push(slice);
      feed.push(null);
      const { length, chunked, body } = await answer;
      expect(length).toBeUndefined();
      expect(chunked).toBe(true);
      expect(body.equals(Buffer.concat(slices))).toBe(true);
    });

    it('stops its thread when the client goes half way (the rest is destroyed), without an error', async () => {
      let feed: Readable | undefined;
      const { port, finished } = await serving([], () => {
        const { json, rest } = streamed(Buffer.alloc(1_200_000, 0x31));
        feed = rest;
        return json;
      });
      await leaveAfterFirstBytes(port);
      await finished;
      expect(feed?.destroyed).toBe(true);
    });

    it('is cut, never finished with an error in it, when its thread dies half way', async () => {
      let feed: Readable | undefined;
      const { port } = await serving([], () => {
        const { json, rest } = streamed(slices[0] as Buffer);
        feed = rest;
        return json;
      });
      const outcome = new Promise<string>((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        }).on('error', () => resolve('cut'));
      });
      while (!feed) await new Promise((resolve) => setTimeout(resolve, 5));
      feed.push(slices[1]);
      feed.destroy(new Error('the report thread stopped'));
      expect(await outcome).toBe('cut');
    });
  });
});
