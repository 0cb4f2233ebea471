import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, loadSpec, specDigest } from './loadSpec.ts';

// A cache of its own: the project's is read by every other test process at the same time.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-spec-cache-'));
const cache = path.join(dir, 'openapi.dereferenced.json');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loading the spec', () => {
  it('keeps the dereferenced project spec, which gives what dereferencing the files gives', async () => {
    const loaded = await loadSpec(DEFAULT_SPEC_PATH, cache);
    const kept = JSON.parse(fs.readFileSync(cache, 'utf8')) as { digest: string };
    expect(kept.digest).toBe(specDigest(path.dirname(DEFAULT_SPEC_PATH)));
    const fresh = await new SwaggerParser().dereference(DEFAULT_SPEC_PATH);
    expect(await loadSpec(DEFAULT_SPEC_PATH, cache)).toEqual(JSON.parse(JSON.stringify(fresh)));
    expect(loaded).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('reads the kept copy while the files are unchanged', async () => {
    const marked = { openapi: '3.1.0', info: { title: 'kept copy', version: '0' }, paths: {} };
    fs.writeFileSync(cache, JSON.stringify({ digest: specDigest(path.dirname(DEFAULT_SPEC_PATH)), doc: marked }));
    expect((await loadSpec(DEFAULT_SPEC_PATH, cache)).info.title).toBe('kept copy');
  });

  it("ignores a copy made from other files than today's, and keeps a new one", async () => {
    fs.writeFileSync(cache, JSON.stringify({ digest: 'stale', doc: { openapi: '3.1.0', info: { title: 'stale', version: '0' }, paths: {} } }));
    const loaded = await loadSpec(DEFAULT_SPEC_PATH, cache);
    expect(loaded.info.title).not.toBe('stale');
    expect(Object.keys(loaded.paths ?? {}).length).toBeGreaterThan(100);
    expect((JSON.parse(fs.readFileSync(cache, 'utf8')) as { digest: string }).digest).not.toBe('stale');
  });
});
