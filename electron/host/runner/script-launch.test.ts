/**
 * What a script run is launched with: a clean environment (no secret of the host's),
 * the interpreter's command with the call's extra arguments, caps from the limits, and
 * the stdin JSON of the Script ABI.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../shared/protocol/messages';
import type { SkillRecord } from '../../../shared/skill/model';
import { FIXTURES_DIR, readFixture } from './fixtures/fixture-catalog';
import type { InterpreterChoice } from './core/interpreter';
import { launchSpec, scriptStdin } from './script-launch';
import { DEFAULT_SCRIPT_LIMITS } from './script-limits';

let record: SkillRecord;
beforeAll(async () => {
  record = await readFixture(join(FIXTURES_DIR, 'fx-ok'));
});

const interp: InterpreterChoice = {
  command: '/usr/bin/node',
  args: ['/skill/run.js'],
  env: { NODE_OPTIONS: '--max-old-space-size=256' },
  readOnlyPaths: ['/usr/lib/node'],
  addressSpaceExtraBytes: 1024,
  label: 'node',
};

describe('launchSpec', () => {
  it('gives the program a clean environment and the caps of the limits', () => {
    process.env.SKILL_STUDIO_LAUNCH_SECRET = 'not-for-skills';
    const spec = launchSpec(
      { record, timeoutMs: 2500, scriptArgs: ['--fast'] },
      {
        driver: { searchPath: ['/usr/bin', '/bin'] },
        skillRoot: '/skill',
        interp,
        scratch: '/tmp/scratch',
        cgroup: null,
      },
      DEFAULT_SCRIPT_LIMITS,
    );
    delete process.env.SKILL_STUDIO_LAUNCH_SECRET;
    expect(spec.command).toBe('/usr/bin/node');
    expect(spec.args).toEqual(['/skill/run.js', '--fast']);
    expect(spec.env).toMatchObject({
      PATH: '/usr/bin:/bin',
      HOME: '/tmp/scratch',
      TMPDIR: '/tmp/scratch',
      SKILL_ROOT: '/skill',
      NODE_OPTIONS: '--max-old-space-size=256',
    });
    expect(JSON.stringify(spec.env)).not.toContain('not-for-skills');
    expect(spec.caps).toMatchObject({
      dataBytes: DEFAULT_SCRIPT_LIMITS.memoryBytes,
      addressSpaceBytes: DEFAULT_SCRIPT_LIMITS.memoryBytes! + 1024,
      fileSizeBytes: DEFAULT_SCRIPT_LIMITS.fileSizeBytes,
    });
    expect(spec.caps.cpuSeconds).toBeGreaterThanOrEqual(4);
    // Without a pids cgroup, the process count is capped inside the sandbox.
    expect(spec.processesInside).toBe(DEFAULT_SCRIPT_LIMITS.pids);
    expect(spec.cgroupProcs).toEqual([]);
  });

  it('leaves the process count to a pids cgroup, and no memory cap means no address-space cap', () => {
    const spec = launchSpec(
      { record, timeoutMs: 1000 },
      {
        driver: { searchPath: ['/bin'] },
        skillRoot: '/skill',
        interp,
        scratch: '/tmp/s',
        cgroup: {
          procsFiles: ['/sys/fs/cgroup/run/cgroup.procs'],
          applied: { memoryBytes: null, pids: 64, cpuCores: null },
        },
      },
      { ...DEFAULT_SCRIPT_LIMITS, memoryBytes: null },
    );
    expect(spec.args).toEqual(['/skill/run.js']);
    expect(spec.processesInside).toBeNull();
    expect(spec.cgroupProcs).toEqual(['/sys/fs/cgroup/run/cgroup.procs']);
    expect(spec.caps.addressSpaceBytes).toBeNull();
  });
});

describe('scriptStdin', () => {
  it('holds the arguments and the call context, with the root the program sees', () => {
    const request = makeCallRequest({ name: 'fx-ok', correlation_id: 'c1', metadata: { a: 1 } });
    expect(JSON.parse(scriptStdin({ arguments: { x: 2 }, request, record }, '/mnt/skill'))).toEqual(
      {
        arguments: { x: 2 },
        context: {
          req_id: request.id,
          correlation_id: 'c1',
          metadata: { a: 1 },
          skill: { name: 'fx-ok', root: '/mnt/skill' },
        },
      },
    );
  });
});
