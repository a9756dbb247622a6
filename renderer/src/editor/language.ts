/** Monaco language ids by file name: SKILL.md gets its own (YAML frontmatter + Markdown). */
import { SKILL_MD_LANGUAGE } from './skill-md-language';
import { isSkillMd } from '../util/skill-md';

const BY_EXTENSION: Record<string, string> = {
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  jsonc: 'json',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  html: 'html',
  htm: 'html',
  css: 'css',
  xml: 'xml',
  svg: 'xml',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
  sql: 'sql',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  ps1: 'powershell',
  bat: 'bat',
  cmd: 'bat',
  dockerfile: 'dockerfile',
};

const BY_NAME: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'plaintext',
  '.bashrc': 'shell',
  '.env': 'plaintext',
};

export function languageForPath(path: string): string {
  if (isSkillMd(path)) return SKILL_MD_LANGUAGE;
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (BY_NAME[base]) return BY_NAME[base];
  const dot = base.lastIndexOf('.');
  if (dot <= 0 && !base.startsWith('.')) return 'plaintext';
  const ext = base.slice(dot + 1);
  return BY_EXTENSION[ext] ?? 'plaintext';
}
