import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

const healthy = await createTestApp();
const broken = await createTestApp();

describe('GET /api/v1/health', () => {
  it('answers ok while the database is reachable', async () => {
    const res = await healthy.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    // Run from the sources there is no build: the package's version, and "dev" for the commit.
    expect(res.json()).toEqual({ success: true, status: 'ok', database: 'ok', version: `${version}+dev` });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 when the database is gone', async () => {
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, database: 'unreachable' });
  });
});
