import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir } from './data-lock';

const dirs: string[] = [];
const tmpDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A process id that no process has now: a child that has already ended. */
const goneProcess = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the PGlite data folder', () => {
  it('is taken by one holder: a second open is refused naming the holder, before PGlite touches the folder', async () => {
    const dataDir = tmpDataDir();
    const first = await openDatabase({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, 'shop.lock'), 'utf8').trim()).toBe(String(process.pid));
    const before = fs.readdirSync(path.join(dataDir, 'db')).sort();
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    expect(fs.readdirSync(path.join(dataDir, 'db')).sort()).toEqual(before);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  it('takes over a lock whose process is gone (a SIGKILL or a power cut left it)', async () => {
    const dataDir = tmpDataDir();
    fs.writeFileSync(path.join(dataDir, 'shop.lock'), `${goneProcess()}\n`);
    const unlock = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'shop.lock'), 'utf8').trim()).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  });

  it('takes over a lock naming this process that it does not hold (the same pid after a container restart)', async () => {
    const dataDir = tmpDataDir();
    fs.writeFileSync(path.join(dataDir, 'shop.lock'), `${process.pid}\n`);
    const unlock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    unlock();
  });

  it('refuses a folder locked by another live process', async () => {
    const dataDir = tmpDataDir();
    // This test's parent (vitest) lives for the whole run.
    fs.writeFileSync(path.join(dataDir, 'shop.lock'), `${process.ppid}\n`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by process ${process.ppid}`);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});
