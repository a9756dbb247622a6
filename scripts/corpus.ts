/**
 * Corpus check: validates every skill under the given folders (any depth) with both
 * profiles and prints counts by diagnostic code and the time taken. Exits 1 if
 * anything crashed or a diagnostic has no position; problems in the skills
 * themselves are expected and only counted; `--show CODE[,CODE…]` also prints each
 * diagnostic of those codes (studio profile) as file:line:column, to review them.
 *   npm run corpus -- DIR [DIR…] [--show LINK_MISSING,LINK_CASE_MISMATCH]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findSkillFolders } from '../electron/host/registry/find-skill-folders';
import { readSkillFolder } from '../electron/host/registry/scan';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const showAt = args.indexOf('--show');
  const show = new Set(showAt === -1 ? [] : (args[showAt + 1] ?? '').split(','));
  const dirs = showAt === -1 ? args : args.filter((_, i) => i !== showAt && i !== showAt + 1);
  if (dirs.length === 0) {
    console.error('usage: npm run corpus -- DIR [DIR…] [--show CODE[,CODE…]]');
    return 2;
  }
  let crashes = 0;
  let skills = 0;
  const byCode = new Map<string, { error: number; warning: number; info: number }>();
  const t0 = performance.now();
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      console.error(`corpus: ${dir}: no such folder`);
      return 2;
    }
    const folders = await findSkillFolders(dir);
    for (const f of folders) {
      for (const profile of ['studio', 'spec'] as const) {
        try {
          const rec = await readSkillFolder(f.dir, 'project', { profile });
          if (profile === 'studio') skills++;
          for (const d of rec.diagnostics) {
            if (!(d.line >= 1 && d.column >= 1)) {
              crashes++;
              console.error(`corpus: ${f.dir}: ${d.code} has no position (${d.line}:${d.column})`);
            }
            if (profile !== 'studio') continue;
            if (show.has(d.code)) {
              const file = path.join(f.dir, d.file ?? f.fileName);
              console.log(`${file}:${d.line}:${d.column} ${d.code} ${d.message}`);
            }
            const row = byCode.get(d.code) ?? { error: 0, warning: 0, info: 0 };
            row[d.severity]++;
            byCode.set(d.code, row);
          }
        } catch (err) {
          crashes++;
          console.error(
            `corpus: CRASH on ${path.join(f.dir, f.fileName)} (${profile}): ${(err as Error).stack}`,
          );
        }
      }
    }
  }
  const ms = performance.now() - t0;
  console.log(`corpus: ${skills} skills validated (studio + spec profiles) in ${ms.toFixed(0)} ms`);
  console.log('code                          errors  warnings  info   (studio profile)');
  for (const [code, n] of [...byCode.entries()].sort()) {
    console.log(
      `${code.padEnd(28)}  ${String(n.error).padStart(6)}  ${String(n.warning).padStart(8)}  ${String(n.info).padStart(4)}`,
    );
  }
  console.log(crashes === 0 ? 'corpus: no crashes' : `corpus: ${crashes} crashes`);
  return crashes === 0 ? 0 : 1;
}

main().then((code) => process.exit(code));
