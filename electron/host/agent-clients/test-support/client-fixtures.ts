/**
 * Test support for agent-client runs: the installed client as discovery reports it, a skill
 * folder, an upstream pointing at the fake model server, and the processes still tied to a
 * folder (by cwd or environment), to prove none outlives its run.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { agentClientPath, agentClientPin } from '../../../test-support/agent-clients';
import type { AgentClientId, AgentClientInfo } from '../core/types';
import { agentClientName } from '../ids';
import type { ClientUpstream } from '../run-client';

export function installedClient(id: AgentClientId): AgentClientInfo {
  return {
    id,
    name: agentClientName(id),
    found: true,
    version: agentClientPin(id).version,
    path: agentClientPath(id),
  };
}

/** The upstream each client speaks, on the fake server, with a key the tests look for. */
export function fakeUpstream(id: AgentClientId, url: string, key: string): ClientUpstream {
  if (id === 'codex')
    return {
      kind: 'openai-compatible',
      baseUrl: `${url}/v1`,
      model: 'gpt-5-codex',
      auth: { mode: 'key', key },
      label: 'fake',
    };
  if (id === 'opencode')
    return {
      kind: 'openai-compatible',
      baseUrl: `${url}/v1`,
      model: 'fake-model',
      auth: { mode: 'key', key },
      label: 'fake',
    };
  if (id === 'gemini-cli')
    return {
      kind: 'gemini',
      baseUrl: url,
      model: 'gemini-2.5-flash',
      auth: { mode: 'key', key },
      label: 'fake',
    };
  return {
    kind: 'anthropic',
    baseUrl: url,
    model: 'claude-sonnet-4-5',
    auth: { mode: 'key', key },
    label: 'fake',
  };
}

/** Pids of processes (not this one) whose cwd is inside `folder` or whose environment names it. */
export function processesTiedTo(folder: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      const env = readFileSync(`/proc/${name}/environ`, 'utf8');
      if (cwd.startsWith(folder) || env.includes(folder)) found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
