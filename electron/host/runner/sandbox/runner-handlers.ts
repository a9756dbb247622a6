/**
 * `runner.settings` and `runner.saveSettings`: the user's runner settings for the settings view.
 * Saving is a read-modify-write of the user's settings.json through the atomic writer,
 * keeping every other key (agentClients…); a value the runner could not use is refused
 * before anything is written, naming the key.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  RunnerSettingsInfo,
  RunnerSettingsInput,
  RunnerSettingsMethods,
} from '../../../../shared/api/runner-settings';
import { scanJson } from '../../../../shared/json/json-position';
import { writeFileAtomic } from '../../fs/atomic-write';
import { NotFoundError } from '../../fs/errors';
import { readRegularFile } from '../../fs/safe-read';
import { StudioError } from '../../../../shared/errors';
import type { Handlers } from '../../handler-table';

import {
  mergeRunnerConfig,
  readRunnerSection,
  type RunnerSection,
} from '../../workspace/runner-config';
import { loadUserRunnerSection } from './runner-settings';

export interface RunnerHandlerContext {
  /** The user's settings.json, or null without a home. */
  file: () => string | null;
  /** The workspace's `runner` section as read. */
  workspace: () => RunnerSection;
  /** Called after a save: the host re-reads the user's section. */
  saved: () => Promise<void>;
}

async function info(ctx: RunnerHandlerContext): Promise<RunnerSettingsInfo> {
  const file = ctx.file();
  const user = await loadUserRunnerSection(file);
  const { config, problems } = mergeRunnerConfig(user, ctx.workspace());
  return {
    file,
    user: { sandbox: user.sandbox ?? null, host: user.host ?? null, images: user.images ?? {} },
    effective: {
      sandbox: config.sandbox,
      host: config.container.host,
      images: config.container.images,
    },
    problems,
  };
}

/** The `runner` value the input stands for: defaults left out, so they follow the studio's. */
function runnerValue(input: RunnerSettingsInput, previous: unknown): Record<string, unknown> {
  const before =
    typeof previous === 'object' && previous !== null && !Array.isArray(previous)
      ? (previous as Record<string, unknown>)
      : {};
  const container =
    typeof before.container === 'object' && before.container !== null
      ? { ...(before.container as Record<string, unknown>) }
      : {};
  delete container.host;
  delete container.images;
  if (input.host) container.host = input.host;
  const images = Object.fromEntries(
    Object.entries(input.images).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
  if (Object.keys(images).length > 0) container.images = images;
  const out: Record<string, unknown> = { ...before, sandbox: input.sandbox };
  if (Object.keys(container).length > 0) out.container = container;
  else delete out.container;
  return out;
}

async function save(ctx: RunnerHandlerContext, input: RunnerSettingsInput): Promise<void> {
  const file = ctx.file();
  if (!file)
    throw new StudioError('precondition', 'there is no user settings folder to keep the runner in');
  let current: Record<string, unknown> = {};
  try {
    const text = (await readRegularFile(file, file, { maxBytes: 256 * 1024 })).data.toString(
      'utf8',
    );
    if (text.trim() !== '') {
      const scan = scanJson(text);
      if (!scan.ok)
        throw new StudioError(
          'precondition',
          `${file}:${scan.line}:${scan.column}: not valid JSON (${scan.message}); fix or remove it before saving settings`,
        );
      if (typeof scan.value !== 'object' || scan.value === null || Array.isArray(scan.value))
        throw new StudioError('precondition', `${file}: the top level must be a JSON object`);
      current = scan.value as Record<string, unknown>;
    }
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  const runner = runnerValue(input, current.runner);
  const problems = readRunnerSection(runner, file).problems;
  if (problems.length > 0) throw new StudioError('invalid_params', problems.join('; '));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, JSON.stringify({ ...current, runner }, null, 2) + '\n');
}

export function runnerHandlers(
  ctx: RunnerHandlerContext,
): Pick<Handlers, keyof RunnerSettingsMethods> {
  return {
    'runner.settings': () => info(ctx),
    'runner.saveSettings': async ({ settings }) => {
      await save(ctx, settings);
      await ctx.saved();
      return info(ctx);
    },
  };
}
