import fs from 'node:fs';
import https from 'node:https';

// A child process of the bench: one large file POSTed as JSON. Sending 117 MB over TLS holds a
// process's thread for a second or more: from the bench's own process it would delay the requests
// the bench times meanwhile, as no client of a real sandbox is delayed by another's upload.
// Prints { status, ms, body }: ms from sending to the whole answer read.

export interface PostedFile {
  status: number;
  ms: number;
  body: string;
}

function post([port, path, file, caFile, headersJson, timeoutMs]: string[]): Promise<PostedFile> {
  const payload = fs.readFileSync(file ?? '');
  const headers = { ...(JSON.parse(headersJson ?? '{}') as Record<string, string>), 'content-type': 'application/json', 'content-length': String(payload.length) };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: Number(port), path, method: 'POST', headers, ca: fs.readFileSync(caFile ?? '') }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(Number(timeoutMs), () => req.destroy(new Error(`POST ${path ?? ''} timed out after ${timeoutMs ?? '?'} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

process.stdout.write(`${JSON.stringify(await post(process.argv.slice(2)))}\n`);
