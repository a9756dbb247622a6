/**
 * A stand-in studio process for the container tests, run with `node --import tsx`:
 * `run HOST IMAGE SKILL_DIR` starts a sleeping skill in a container and prints RUNNING once
 * it runs (the test then kills this process with SIGKILL); `start HOST IMAGE` only picks
 * the container sandbox, as a studio does at its start, and prints READY.
 */
import { detectSandbox } from '../detect';
import { defaultRunnerConfig, type ContainerConfig } from '../../../workspace/runner-config';
import { ScriptExecutor } from '../../script-executor';
import { readSkillFolder } from '../../../registry/scan';
import { makeCallRequest } from '../../../../../shared/protocol/messages';

const [mode, host, image, skillDir] = process.argv.slice(2);
const container: ContainerConfig = {
  ...defaultRunnerConfig().container,
  host: host ?? null,
  images: { node: image ?? '', python: image ?? '', bash: image ?? '' },
};

if (mode === 'start') {
  await detectSandbox('container', container);
  process.stdout.write('READY\n');
} else if (mode === 'run' && skillDir) {
  const record = await readSkillFolder(skillDir, 'project');
  const executor = new ScriptExecutor({
    sandbox: 'container',
    runner: () => ({ sandbox: 'container', container }),
  });
  const request = makeCallRequest({ name: record.definition.name, arguments: { mode: 'sleep' } });
  await executor.run({
    record,
    arguments: { mode: 'sleep' },
    request,
    timeoutMs: 120_000,
    signal: new AbortController().signal,
    emit: (kind) => {
      if (kind === 'status') process.stdout.write('RUNNING\n');
    },
    llm: null,
  });
}
