import path from 'node:path';
import { readSkillFile, listSkillFiles } from '../../host/skill-files';
import type { CommandImpl } from '../command';
import { UsageError, writeJson } from '../io';
import { lookupSkill } from '../skill-lookup';
import { openWorkspace } from '../workspace';

export const readCommand: CommandImpl = {
  async run(ctx) {
    const sources = await openWorkspace(ctx);
    const [name, file = 'SKILL.md'] = ctx.positionals;
    if (!name) throw new UsageError('name the skill to read');
    const rec = await lookupSkill(sources, name);
    const rel = file.replace(/^(\.\/)+/, '');
    // SKILL.md names the skill's instructions even when the file is the lowercase skill.md.
    const mdName = path.basename(rec.skillMdPath);
    const isSkillMd = rel === 'SKILL.md' || rel === mdName;
    const res = await readSkillFile(rec.dir, isSkillMd ? mdName : rel, {
      stripFrontmatter: isSkillMd,
    });
    if (ctx.common.json) writeJson(ctx.io, res);
    else
      ctx.io.stdout.write(res.text.endsWith('\n') || res.text === '' ? res.text : res.text + '\n');
    if (res.truncated)
      ctx.io.stderr.write(`skill-studio read: ${file} is over 50 KB; output cut there\n`);
    return 0;
  },
};

export const filesCommand: CommandImpl = {
  async run(ctx) {
    const sources = await openWorkspace(ctx);
    const [name] = ctx.positionals;
    if (!name) throw new UsageError('name the skill');
    const files = await listSkillFiles((await lookupSkill(sources, name)).dir);
    if (ctx.common.json) writeJson(ctx.io, files);
    else for (const f of files) ctx.io.stdout.write(`${String(f.bytes).padStart(9)}  ${f.path}\n`);
    return 0;
  },
};
