/**
 * The runner of each agent client. A client whose runner is not here yet is refused by the
 * driver, naming the clients that can run.
 */
import type { AgentClientId, AgentClientRunner } from '../core/types';
import { claudeCodeRunner } from './claude-code';
import { codexRunner } from './codex';
import { geminiCliRunner } from './gemini-cli';
import { opencodeRunner } from './opencode';

export const RUNNERS: Partial<Record<AgentClientId, AgentClientRunner>> = {
  'claude-code': claudeCodeRunner,
  codex: codexRunner,
  'gemini-cli': geminiCliRunner,
  opencode: opencodeRunner,
};
