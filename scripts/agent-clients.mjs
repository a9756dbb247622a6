#!/usr/bin/env node
// The agent clients the tests run skills in (Claude Code, Codex, Gemini CLI, OpenCode),
// at the versions pinned in agent-clients.json, each in its own npm prefix under
// ${SKILL_STUDIO_AGENT_CLIENTS:-$HOME/.cache/skill-studio/agent-clients}/<id>/, outside the
// repository so that no install touches the project's own node_modules.
//
//   node scripts/agent-clients.mjs install [ID…]   install what is missing or at another version
//   node scripts/agent-clients.mjs paths           print "<id> <bin path>" for the pinned clients
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pins = JSON.parse(readFileSync(path.join(here, 'agent-clients.json'), 'utf8'));

export function cacheRoot(env = process.env) {
  return (
    env.SKILL_STUDIO_AGENT_CLIENTS || path.join(os.homedir(), '.cache/skill-studio/agent-clients')
  );
}

function installedVersion(prefix, pkg) {
  try {
    return JSON.parse(readFileSync(path.join(prefix, 'node_modules', pkg, 'package.json'), 'utf8'))
      .version;
  } catch {
    return null;
  }
}

function binPath(prefix, bin) {
  return path.join(prefix, 'node_modules', '.bin', bin);
}

function install(ids) {
  const root = cacheRoot();
  let failed = 0;
  for (const id of ids) {
    const pin = pins[id];
    if (!pin) {
      console.error(
        `agent-clients: unknown client "${id}" (known: ${Object.keys(pins).join(', ')})`,
      );
      failed++;
      continue;
    }
    const prefix = path.join(root, id);
    const have = installedVersion(prefix, pin.package);
    if (have === pin.version && existsSync(binPath(prefix, pin.bin))) {
      console.log(`agent-clients: ${id} ${pin.package}@${pin.version} already installed`);
      continue;
    }
    console.log(
      `agent-clients: installing ${id} ${pin.package}@${pin.version}` +
        (have ? ` (found ${have})` : '') +
        ` into ${prefix}`,
    );
    mkdirSync(prefix, { recursive: true });
    // A package.json of its own, so npm installs here and never walks up into a project.
    if (!existsSync(path.join(prefix, 'package.json')))
      writeFileSync(path.join(prefix, 'package.json'), '{"private":true}\n');
    const started = Date.now();
    const r = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--save-exact',
        '--loglevel=error',
        `${pin.package}@${pin.version}`,
      ],
      { stdio: 'inherit' },
    );
    const ok = r.status === 0 && installedVersion(prefix, pin.package) === pin.version;
    if (!ok || !existsSync(binPath(prefix, pin.bin))) {
      console.error(`agent-clients: ${id} failed to install (npm exit ${r.status ?? r.signal})`);
      failed++;
      continue;
    }
    console.log(
      `agent-clients: ${id} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return failed;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'install') {
  process.exit(install(rest.length ? rest : Object.keys(pins)) ? 1 : 0);
} else if (command === 'paths') {
  for (const [id, pin] of Object.entries(pins))
    console.log(`${id} ${binPath(path.join(cacheRoot(), id), pin.bin)}`);
} else {
  console.error('usage: node scripts/agent-clients.mjs install [ID…] | paths');
  process.exit(2);
}
