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

/**
 * A server answering with a report's JSON as a report thread hands it over: `first`, then what the
 * test pushes into `rest` (the stream, once the request came).
 */
async function servingStreamed(first: Buffer): Promise<{ port: number; finished: Promise<void>; rest: Promise<Readable> }> {
  let arrived: (rest: Readable) => void = () => undefined;
  const rest = new Promise<Readable>((resolve) => (arrived = resolve));
  const served = await serving([], () => {
    const feed = new Readable({ objectMode: true, read: () => undefined });
    arrived(feed);
    return new StreamedJson(first, feed);
  });
  return { ...served, rest };
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
      const { port, rest } = await servingStreamed(slices[0] as Buffer);
      const answer = get(port);
      // The first slice is out; the rest is not written yet (its thread is still writing it).
      const feed = await rest;
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
      const { port, finished, rest } = await servingStreamed(Buffer.alloc(1_200_000, 0x31));
      await leaveAfterFirstBytes(port);
      await finished;
      expect((await rest).destroyed).toBe(true);
    });

    it('is cut, never finished with an error in it, when its thread dies half way', async () => {
      const { port, rest } = await servingStreamed(slices[0] as Buffer);
      const outcome = new Promise<string>((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        }).on('error', () => resolve('cut'));
      });
      const feed = await rest;
      feed.push(slices[1]);
      feed.destroy(new Error('the report thread stopped'));
      expect(await outcome).toBe('cut');
    });
  });
});
