/**
 * The listing seed: the build's verdicts on its bundled skills stand in for reading them
 * wherever the CLI is installed, exactly while the skills' files are the build's.
 */
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SeedFile } from './listing-seed';
import { collectListingSeed } from './listing-seed-writer';
import { readCatalog } from './read-catalog';
import { defaultWorkspaceConfig } from '../workspace/workspace-file';

const BUNDLED = path.resolve(__dirname, '..', '..', '..', 'resources', 'skills');
const BUILD = 'test-build';

let root: string;
/** Where the build read the skills, and where they are installed. */
let built: string;
let installed: string;
let seedFile: string;

beforeEach(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'listing-seed-'));
  built = path.join(root, 'build', 'skills');
  installed = path.join(root, 'install', 'resources', 'skills');
  cpSync(BUNDLED, built, { recursive: true });
  // A skill whose validator checks a folder its body links into.
  mkdirSync(path.join(built, 'linked', 'references'), { recursive: true });
  writeFileSync(
    path.join(built, 'linked', 'SKILL.md'),
    '---\nname: linked\ndescription: A skill.\n---\n\nSee [notes](references/notes.md).\n',
  );
  writeFileSync(path.join(built, 'linked', 'references', 'notes.md'), 'Notes.\n');
  cpSync(built, installed, { recursive: true });
  seedFile = path.join(root, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(await collectListingSeed(built, BUILD)));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const readSeed = (): SeedFile => JSON.parse(readFileSync(seedFile, 'utf8')) as SeedFile;

/** Marks the seeded body of `name`, so that a record taken from the seed tells. */
function markSeeded(name: string): void {
  const seed = readSeed();
  const skill = seed.skills.find((s) => s.name === name)!;
  skill.verdict.body = 'from the seed';
  writeFileSync(seedFile, JSON.stringify(seed));
}

/** `list`'s catalog of the installed skills, with the seed (and no cache folder) or without. */
async function catalog(opts: { seed?: boolean; buildId?: string } = {}) {
  const registry = await readCatalog(
    {
      workspace: null,
      home: null,
      frameworkDir: installed,
      config: defaultWorkspaceConfig(),
      noUser: true,
    },
    {
      countFiles: true,
      verdicts:
        opts.seed === false
          ? null
          : { dir: null, buildId: opts.buildId ?? BUILD, listingSeed: seedFile },
    },
  );
  return registry;
}

describe('listing seed', () => {
  it('seeds every bundled skill, by content and with paths relative to its folder', () => {
    const seed = readSeed();
    expect(seed.skills.map((s) => s.name)).toEqual([
      'linked',
      'research-brief',
      'text-stats',
      'time-arithmetic',
    ]);
    expect(JSON.stringify(seed)).not.toContain(built);
    const brief = seed.skills.find((s) => s.name === 'research-brief')!;
    const md = brief.inputs.find((i) => i.kind === 'file')!;
    expect(md).toMatchObject({ rel: 'SKILL.md' });
    expect(Buffer.from((md as { content: string }).content, 'base64')).toEqual(
      readFileSync(path.join(BUNDLED, 'research-brief', 'SKILL.md')),
    );
    // The validator's check of the linked folder is part of what the verdict was read from.
    expect(seed.skills[0].inputs.some((i) => i.kind === 'dir')).toBe(true);
  });

  it('gives the same records, moved to where the skills are installed, as reading them', async () => {
    const read = (await catalog({ seed: false })).all();
    const seeded = (await catalog()).all();
    expect(seeded).toEqual(read);
    expect(seeded[0].dir).toBe(path.join(installed, seeded[0].summary.name));
  });

  it('takes an unchanged skill from the seed on a first run, without reading it', async () => {
    markSeeded('text-stats');
    expect((await catalog()).get('text-stats')!.body).toBe('from the seed');
  });

  it('reads a skill whose file is not the build’s', async () => {
    markSeeded('text-stats');
    appendFileSync(path.join(installed, 'text-stats', 'SKILL.md'), '\nMore.\n');
    const record = (await catalog()).get('text-stats')!;
    expect(record.body).not.toBe('from the seed');
    expect(record.body).toContain('More.');
  });

  it('reads a skill whose folder or checked files changed', async () => {
    markSeeded('linked');
    rmSync(path.join(installed, 'linked', 'references', 'notes.md'));
    expect((await catalog()).get('linked')!.body).not.toBe('from the seed');
    markSeeded('text-stats');
    writeFileSync(path.join(installed, 'text-stats', 'extra.md'), 'x');
    expect((await catalog()).get('text-stats')!.body).not.toBe('from the seed');
  });

  it('is used for its own build only, and never without kept verdicts (--no-cache)', async () => {
    markSeeded('text-stats');
    expect((await catalog({ buildId: 'other' })).get('text-stats')!.body).not.toBe('from the seed');
    expect((await catalog({ seed: false })).get('text-stats')!.body).not.toBe('from the seed');
  });

  it('serves the framework source only', async () => {
    markSeeded('text-stats');
    const registry = await readCatalog(
      {
        workspace: null,
        home: null,
        frameworkDir: null,
        config: defaultWorkspaceConfig(),
        roots: [installed],
        noUser: true,
      },
      { countFiles: true, verdicts: { dir: null, buildId: BUILD, listingSeed: seedFile } },
    );
    expect(registry.get('text-stats')!.body).not.toBe('from the seed');
  });
});
