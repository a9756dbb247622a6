import type { CommandImpl } from '../command';
import { UsageError, writeJson } from '../io';
import { withClient } from '../client';

export const readCommand: CommandImpl = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      // The settings first: their problems are printed even when the name is missing.
      await client.invoke('workspace.load', {});
      const [name, file = 'SKILL.md'] = ctx.positionals;
      if (!name) throw new UsageError('name the skill to read');
      const res = await client.invoke('skill.read', { skill: name, file });
      if (ctx.common.json) writeJson(ctx.io, res);
      else
        ctx.io.stdout.write(
          res.text.endsWith('\n') || res.text === '' ? res.text : res.text + '\n',
        );
      if (res.truncated)
        ctx.io.stderr.write(`skill-studio read: ${file} is over 50 KB; output cut there\n`);
      return 0;
    }),
};

export const filesCommand: CommandImpl = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      await client.invoke('workspace.load', {});
      const [name] = ctx.positionals;
      if (!name) throw new UsageError('name the skill');
      // The contract's output is `[{path, bytes}]`, with or without --json.
      writeJson(ctx.io, await client.invoke('skill.files', { skill: name }));
      return 0;
    }),
};
