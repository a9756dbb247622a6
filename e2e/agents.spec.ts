/**
 * The allowlist manager: agents in skill-studio.json created, renamed and deleted;
 * their skills picked by search, tag and select-all; what the model sees; and an
 * allowlist change that is on disk and changes discovery at once.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { rewriteWatched } from './support/workspace';
import { skillItem, discoveredSkill, showPlayground } from './support/editor';

interface ConfigFile {
  agents: { id: string; name: string; allowed_skills: string[] }[];
  [key: string]: unknown;
}

async function readConfig(root: string): Promise<ConfigFile> {
  return JSON.parse(await readFile(path.join(root, 'skill-studio.json'), 'utf8')) as ConfigFile;
}

async function openManager(page: Page, agent: string): Promise<void> {
  await page.locator(`[data-testid="agent-row"][data-agent="${agent}"]`).click();
  await expect(page.getByTestId('agents-view')).toBeVisible();
  await expect(page.locator(`[data-testid="agents-view-item"][data-agent="${agent}"]`)).toHaveClass(
    /selected/,
  );
}

function skillBox(page: Page, name: string) {
  return page.locator(`[data-testid="agent-skill"][data-skill="${name}"]`);
}

test.describe('agents and allowlists', () => {
  test('an allowlist change is on disk and changes discovery at once', async ({ studio }) => {
    const { page, ws } = studio;
    const original = await readFile(path.join(ws.root, 'skill-studio.json'), 'utf8');
    // A key the studio does not manage must survive the save.
    await rewriteWatched(
      path.join(ws.root, 'skill-studio.json'),
      JSON.stringify({ ...JSON.parse(original), plugins: [] }, null, 2),
    );
    try {
      await expect(page.locator('[data-testid="agent-row"][data-agent="writer"]')).toBeVisible();
      // Discovery as writer before: text-stats is not allowed.
      await skillItem(page, 'alpha-skill').click();
      await showPlayground(page);
      await page.getByTestId('act-as').selectOption('writer');
      await page.getByTestId('pg-tab-discover').click();
      await expect(discoveredSkill(page, 'alpha-skill')).toBeVisible();
      await expect(discoveredSkill(page, 'text-stats')).toHaveCount(0);
      // alpha-skill declares no version and no status: its card shows neither A2E default.
      await expect(discoveredSkill(page, 'alpha-skill').locator('header')).not.toContainText(
        /v0\.0\.0|Published/,
      );

      await openManager(page, 'writer');
      await expect(skillBox(page, 'alpha-skill')).toBeChecked();
      await page.getByTestId('agent-skill-search').fill('text-st');
      // Its source reads as in the sidebar.
      await expect(page.locator('.ag-skill', { has: skillBox(page, 'text-stats') })).toContainText(
        'Bundled',
      );
      await skillBox(page, 'text-stats').check();
      await expect(page.getByTestId('agents-dirty')).toBeVisible();
      await page.getByTestId('agents-save').click();
      await expect(page.getByTestId('agents-dirty')).toHaveCount(0);

      const saved = await readConfig(ws.root);
      expect(saved.agents.find((a) => a.id === 'writer')?.allowed_skills).toEqual([
        'alpha-skill',
        'beta-tools',
        'text-stats',
      ]);
      expect(saved.plugins).toEqual([]);
      await expect(page.locator('[data-testid="agent-row"][data-agent="writer"]')).toContainText(
        '3 allowed',
      );

      // Discovery (and a call) as writer now include it, with no reload.
      await page.getByTestId('discover-button').click();
      await expect(discoveredSkill(page, 'text-stats')).toBeVisible();
      // text-stats declares its version.
      await expect(discoveredSkill(page, 'text-stats').locator('header')).toContainText('v1.0.0');

      // And taking it away again is refused at once too.
      await skillBox(page, 'text-stats').uncheck();
      await page.getByTestId('agents-save').click();
      await expect
        .poll(
          async () =>
            (await readConfig(ws.root)).agents.find((a) => a.id === 'writer')?.allowed_skills,
        )
        .toEqual(['alpha-skill', 'beta-tools']);
      await page.getByTestId('discover-button').click();
      await expect(discoveredSkill(page, 'text-stats')).toHaveCount(0);
    } finally {
      await rewriteWatched(path.join(ws.root, 'skill-studio.json'), original);
    }
  });

  test('create, pick by tag and select-all, see what the model sees, rename and delete', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const original = await readFile(path.join(ws.root, 'skill-studio.json'), 'utf8');
    const broken = path.join(ws.skillsDir, 'agents-broken');
    const blocked = path.join(ws.skillsDir, 'agents-blocked');
    await mkdir(broken, { recursive: true });
    await mkdir(blocked, { recursive: true });
    await writeFile(
      path.join(broken, 'SKILL.md'),
      '---\nname: agents-broken\ndescription: ""\ntags: [agents-e2e]\n---\nBody.\n',
    );
    await writeFile(
      path.join(blocked, 'SKILL.md'),
      '---\nname: agents-blocked\ndescription: A skill nobody may call right now.\nstatus: Blocked\ntags: [agents-e2e]\n---\nBody.\n',
    );
    try {
      await expect(skillItem(page, 'agents-blocked')).toBeVisible({ timeout: 15_000 });
      await page.getByTestId('agents-manage').click();
      await expect(page.getByTestId('agents-view')).toBeVisible();

      await page.getByTestId('agents-view-new').click();
      await page.getByTestId('prompt-input').fill('QA Bot');
      await page.getByTestId('prompt-ok').click();
      await expect(page.getByTestId('agent-name')).toHaveText('QA Bot');
      await expect(page.getByTestId('agent-allowed-count')).toHaveText('0 allowed');
      await expect(page.getByTestId('agent-stage1')).toHaveCount(0);

      // Select by tag: both skills tagged agents-e2e, and their warnings.
      await page.locator('[data-testid="agent-tag"][data-tag="agents-e2e"]').click();
      await expect(skillBox(page, 'agents-broken')).toBeChecked();
      await expect(skillBox(page, 'agents-blocked')).toBeChecked();
      await expect(
        page.locator(
          '[data-testid="agent-warning"][data-kind="broken"][data-skill="agents-broken"]',
        ),
      ).toBeVisible();
      await expect(
        page.locator(
          '[data-testid="agent-warning"][data-kind="blocked"][data-skill="agents-blocked"]',
        ),
      ).toBeVisible();

      // Select all the skills a search shows; the model's view follows.
      await page.getByTestId('agent-skill-search').fill('alpha');
      await page.getByTestId('agent-select-all').click();
      await expect(skillBox(page, 'alpha-skill')).toBeChecked();
      await expect(page.getByTestId('agent-stage1')).toContainText('alpha-skill');
      await expect(page.getByTestId('agent-xml')).toContainText('<name>alpha-skill</name>');
      await expect(page.getByTestId('agent-xml')).toContainText('<available_skills>');
      await expect(page.getByTestId('agent-tokens')).toHaveText(/^~\d+ tokens$/);

      await page.getByTestId('agents-save').click();
      await expect(page.getByTestId('agents-dirty')).toHaveCount(0);
      let cfg = await readConfig(ws.root);
      expect(cfg.agents.find((a) => a.id === 'qa-bot')).toEqual({
        id: 'qa-bot',
        name: 'QA Bot',
        allowed_skills: ['agents-blocked', 'agents-broken', 'alpha-skill'],
      });
      await expect(page.locator('[data-testid="agent-row"][data-agent="qa-bot"]')).toContainText(
        '3 allowed',
      );

      await page.getByTestId('agent-rename').click();
      await page.getByTestId('prompt-input').fill('QA Robot');
      await page.getByTestId('prompt-ok').click();
      await page.getByTestId('agents-save').click();
      await expect
        .poll(async () => (await readConfig(ws.root)).agents.find((a) => a.id === 'qa-bot')?.name)
        .toBe('QA Robot');

      await page.getByTestId('agent-delete').click();
      await page.getByTestId('confirm-ok').click();
      await page.getByTestId('agents-save').click();
      await expect
        .poll(async () => (await readConfig(ws.root)).agents.map((a) => a.id))
        .toEqual(['writer']);
      cfg = await readConfig(ws.root);
      expect(cfg.agents[0].allowed_skills).toEqual(['alpha-skill', 'beta-tools']);
      await expect(page.locator('[data-testid="agent-row"][data-agent="qa-bot"]')).toHaveCount(0);

      // "Try in playground" shows the playground, acting as that agent.
      await openManager(page, 'writer');
      await page.getByTestId('agent-try').click();
      await expect(page.getByTestId('playground')).toBeVisible();
      await expect(page.getByTestId('act-as')).toHaveValue('writer');
      // Opening a skill from the sidebar gives the centre back to the editor.
      await skillItem(page, 'alpha-skill').click();
      await expect(page.getByTestId('agents-view')).toHaveCount(0);
      await expect(page.locator('[data-testid="code-editor"]')).toBeVisible();
    } finally {
      await rewriteWatched(path.join(ws.root, 'skill-studio.json'), original);
      await rm(broken, { recursive: true, force: true });
      await rm(blocked, { recursive: true, force: true });
    }
  });
});
