/**
 * Any A2E host: a second `skill-studio serve` started here as the "remote" host, with a
 * skill the studio under test does not have. The playground adds it by URL and token,
 * discovers its skills, runs one (its events stream in), cancels another (its process on
 * the remote host ends), and the history marks each call with that host. The token is kept in the user's settings folder (mode 0600), never in
 * the workspace, and never reaches the page.
 */
import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, REPO_ROOT } from './support/fixtures';
import { showPlayground } from './support/editor';
import { startStudioServer, type RunningStudio } from './support/server';
import { createWorkspace, type Workspace } from './support/workspace';

const REMOTE_SKILL = 'far-echo';
const RUN = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { text } = JSON.parse(input).arguments;
  console.log(JSON.stringify({ type: 'progress', pct: 50, message: 'echoing far away' }));
  console.log(JSON.stringify({ type: 'result', data: { echoed: text }, summary: 'echoed ' + text }));
});
`;

/** Writes its pid where the test reads it, then sleeps until cancelled. */
const SLEEP = `
import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  writeFileSync(JSON.parse(input).arguments.pidfile, String(process.pid));
  console.log(JSON.stringify({ type: 'status', message: 'asleep far away' }));
  setInterval(() => {}, 1000);
});
`;

let remoteWs: Workspace;
let pidfile: string;
let remote: RunningStudio;

test.beforeAll(async () => {
  remoteWs = await createWorkspace();
  const dir = path.join(remoteWs.skillsDir, REMOTE_SKILL);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    [
      '---',
      `name: ${REMOTE_SKILL}`,
      'description: Echoes its text, from the remote host only.',
      'entrypoint: run.mjs',
      'tags: [remote]',
      'input_schema:',
      '  type: object',
      '  properties:',
      '    text: {type: string, default: hello}',
      '---',
      '# Far echo',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'run.mjs'), RUN);
  const sleeper = path.join(remoteWs.skillsDir, 'far-sleep');
  await mkdir(sleeper, { recursive: true });
  await writeFile(
    path.join(sleeper, 'SKILL.md'),
    [
      '---',
      'name: far-sleep',
      'description: Sleeps on the remote host until cancelled.',
      'entrypoint: run.mjs',
      'input_schema:',
      '  type: object',
      '  properties:',
      '    pidfile: {type: string}',
      '---',
      '# Sleep',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(sleeper, 'run.mjs'), SLEEP);
  // The pid file is written by the skill, which process mode runs as another user when root.
  const pids = path.join(remoteWs.base, 'pids');
  await mkdir(pids, { mode: 0o777 });
  await chmod(pids, 0o777);
  await chmod(remoteWs.base, 0o755);
  pidfile = path.join(pids, 'far-sleep');
  // Process mode on the remote host only: the pid the skill writes is then the machine's own.
  const saved = process.env.SKILL_STUDIO_SANDBOX;
  process.env.SKILL_STUDIO_SANDBOX = 'process';
  try {
    remote = await startStudioServer(REPO_ROOT, remoteWs);
  } finally {
    if (saved === undefined) delete process.env.SKILL_STUDIO_SANDBOX;
    else process.env.SKILL_STUDIO_SANDBOX = saved;
  }
});

test.afterAll(async () => {
  await remote?.stop();
  await remoteWs?.cleanup();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every file under `dir` whose text holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file, 'utf8').catch(() => '')).includes(needle)) found.push(file);
  }
  return found;
}

test('the playground adds a remote A2E host, discovers and runs its skill, and the history names the host', async ({
  studio,
}) => {
  const { page, ws } = studio;
  const seen: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (f) => seen.push(String(f.payload))));
  await showPlayground(page);

  // Add the host: its URL and token.
  await page.getByTestId('host-picker').selectOption('__add__');
  await page.getByTestId('remote-host-name').fill('Team host');
  await page
    .getByTestId('remote-host-url')
    .fill(`ws://127.0.0.1:${new URL(remote.origin).port}/a2e`);
  await page.getByTestId('remote-host-token').fill(remote.token);
  await page.getByTestId('remote-host-save').click();
  await expect(page.getByTestId('remote-host-dialog')).toBeHidden();
  await expect(page.getByTestId('host-picker')).toHaveValue('team-host');

  // Discover lists the remote host's skills: its own skill, not only ours.
  await page.getByTestId('pg-tab-discover').click();
  const far = page.locator(`[data-testid="discovered-skill"][data-skill="${REMOTE_SKILL}"]`);
  await expect(far).toBeVisible();
  await expect(page.getByTestId('discover-count')).toContainText('on the remote host');

  // Try it: the playground runs it by name on that host, with its form from its schema.
  await far.getByTestId('discover-open').click();
  await expect(page.getByTestId('pg-skill')).toContainText(REMOTE_SKILL);
  await page
    .locator('[data-testid="arg-field"][data-pointer="/text"]')
    .locator('textarea, input')
    .first()
    .fill('across the network');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('result-summary')).toContainText('echoed across the network');

  // The history keeps it, marked with the host that ran it.
  await page.getByTestId('pg-tab-history').click();
  const row = page.locator('[data-testid="history-row"][data-outcome="success"]').first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('history-host')).toHaveText('on team-host');

  // The token: never in a frame the page received, never in the workspace, and kept in a
  // file only the user can read beside their settings.
  expect(seen.join('\n')).not.toContain(remote.token);
  expect(await filesHolding(ws.root, remote.token)).toEqual([]);
  // (The desktop app keeps it in its key store, encrypted, instead.)
  if (studio.mode === 'browser') {
    const tokens = path.join(ws.home, '.config', 'skill-studio', 'remote-host-tokens.json');
    expect((await stat(tokens)).mode & 0o777).toBe(0o600);
    expect(await readFile(tokens, 'utf8')).toContain(remote.token);
    const hosts = JSON.parse(
      await readFile(path.join(ws.home, '.config', 'skill-studio', 'remote-hosts.json'), 'utf8'),
    ) as { hosts: { id: string; url: string }[] };
    expect(hosts.hosts.map((h) => h.id)).toEqual(['team-host']);
    expect(JSON.stringify(hosts)).not.toContain(remote.token);
  }

  // Cancel works as locally: closing the call's connection ends the remote run's process.
  await page.getByTestId('pg-tab-discover').click();
  await page
    .locator('[data-testid="discovered-skill"][data-skill="far-sleep"]')
    .getByTestId('discover-open')
    .click();
  await expect(page.getByTestId('pg-skill')).toContainText('far-sleep');
  await page
    .locator('[data-testid="arg-field"][data-pointer="/pidfile"]')
    .locator('textarea, input')
    .first()
    .fill(pidfile);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('status-latest')).toContainText('asleep far away');
  const pid = Number(await readFile(pidfile, 'utf8'));
  expect(alive(pid)).toBe(true);
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('run-phase')).toHaveText('Cancelled');
  await expect.poll(() => alive(pid), { timeout: 15_000 }).toBe(false);
  await page.getByTestId('pg-tab-history').click();
  await expect(
    page
      .locator('[data-testid="history-row"][data-outcome="cancelled"]')
      .first()
      .getByTestId('history-host'),
  ).toHaveText('on team-host');

  // Back to this studio: the remote skill is gone from discovery.
  await page.getByTestId('host-picker').selectOption('');
  await page.getByTestId('pg-tab-discover').click();
  await expect(page.getByTestId('discover-count')).toContainText('as the studio');
  await expect(far).toHaveCount(0);
});
