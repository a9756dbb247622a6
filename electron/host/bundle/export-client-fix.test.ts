/** An export with a client quick fix rewrites SKILL.md in the archive, never on disk. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yauzl from 'yauzl';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { moveKeysUnderMetadata } from '../../../shared/skill/client-fixes';
import { portabilityCell } from '../../../shared/skill/client-profiles';
import { exportBundle } from './export-bundle';

let dir: string;
const SOURCE = '---\nname: pdf-tools\ndescription: PDFs. # why\ntags: [pdf]\n---\n# Body\n';
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'skill-studio-fix-')), 'pdf-tools');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'SKILL.md'), SOURCE);
  writeFileSync(path.join(dir, 'notes.md'), 'tags: [kept as is]\n');
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

function entriesOf(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: Record<string, string> = {};
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error('no stream'));
          let text = '';
          stream.on('data', (c: Buffer) => (text += c.toString()));
          stream.on('end', () => {
            out[e.fileName] = text;
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

it('moves studio keys under metadata for claude.ai in the archive only', async () => {
  const fix = (text: string) => moveKeysUnderMetadata(text, 'claude-upload')?.text ?? text;
  const { buffer } = await exportBundle(dir, {
    name: 'pdf-tools',
    format: 'skill',
    rewriteSkillMd: fix,
  });
  const files = await entriesOf(buffer);
  expect(files['pdf-tools/SKILL.md']).toContain('metadata:\n  tags: \'["pdf"]\'');
  expect(files['pdf-tools/SKILL.md']).toContain('# why');
  expect(
    portabilityCell(files['pdf-tools/SKILL.md'], 'claude-upload', { folderName: 'pdf-tools' })
      .status,
  ).toBe('ok');
  expect(files['pdf-tools/notes.md']).toBe('tags: [kept as is]\n');
  expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(SOURCE);
  // Without the option the archive holds the file as written.
  const plain = await entriesOf(
    (await exportBundle(dir, { name: 'pdf-tools', format: 'skill' })).buffer,
  );
  expect(plain['pdf-tools/SKILL.md']).toBe(SOURCE);
});
