/**
 * `call --record DIR`: the relay's recorded model requests of a run as JSON files, one per
 * request (`000-POST-v1-messages.json`…), already redacted. Each file is written atomically;
 * DIR is made when missing and must be a folder.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { InvalidRequestError } from '../fs/errors';
import type { ModelRequestRecord } from './core/types';

export function recordFileName(r: ModelRequestRecord): string {
  const slug = r.path
    .split('?')[0]
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${String(r.index).padStart(3, '0')}-${r.method.replace(/[^A-Z]/g, '')}-${slug || 'root'}.json`;
}

export async function writeRecordFiles(
  dir: string,
  records: ModelRequestRecord[],
): Promise<string[]> {
  const st = await stat(dir).catch(() => null);
  if (st && !st.isDirectory()) throw new InvalidRequestError(`--record ${dir} is not a folder`);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const r of records) {
    const file = path.join(dir, recordFileName(r));
    await writeFileAtomic(file, JSON.stringify(r, null, 2) + '\n');
    files.push(file);
  }
  return files;
}
