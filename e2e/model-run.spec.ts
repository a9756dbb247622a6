/**
 * Model runs from the playground, against a local server that speaks the Anthropic
 * Messages wire format byte for byte (the product talks to it through the official SDK):
 * with no provider, running the bundled time-arithmetic skill offers Settings, where a
 * provider is added and its connection tested; with a provider in skill-studio.json the
 * run streams its transcript — Markdown text, the time and calculator tool calls with
 * their arguments and results — and ends with the answer, tokens in and out, time to
 * first token and turns. The key comes from the studio server's environment and never
 * shows on the page.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { openRunTab } from './support/editor';
import { anthropicTurn } from '../electron/host/providers/test-support/provider-wire';
import type { RecordedRequest, Reply } from '../electron/host/providers/test-support/wire-server';
import { modelListReply, wireProviderPerTest } from './support/wire-provider';

// The studio server is started (once per worker) with this test process's environment.
const KEY_ENV = 'E2E_MODEL_RUN_KEY';
const KEY = 'e2e-model-run-key-0123456789abcdef';
process.env[KEY_ENV] = KEY;

const MODEL = 'claude-e2e-model';
const OTHER_MODEL = 'claude-e2e-other';

/** time → calculator → answer, streamed slowly enough to watch; GET /v1/models lists MODEL. */
function timeArithmetic(): (req: RecordedRequest) => Reply {
  let turn = 0;
  return (req) => {
    const list = modelListReply(req, MODEL);
    if (list) return list;
    // As real servers do, the stream names the model that was asked for.
    const asked = (req.json as { model?: unknown } | null)?.model;
    const model = typeof asked === 'string' ? asked : MODEL;
    const turns = [
      anthropicTurn({
        model,
        text: ['Let me check ', 'the date.'],
        tools: [{ id: 'toolu_01', name: 'time', fragments: ['', '{"operation"', ': "now"}'] }],
        inputTokens: 900,
        outputTokens: 30,
      }),
      anthropicTurn({
        model,
        tools: [{ id: 'toolu_02', name: 'calculator', fragments: ['{"expression": "45 mod 7"}'] }],
        inputTokens: 1000,
        outputTokens: 20,
      }),
      anthropicTurn({
        model,
        text: ['In 45 days it will be **Thursday**', ', 2027-01-14.'],
        inputTokens: 1100,
        outputTokens: 25,
      }),
    ];
    return { kind: 'sse', chunks: turns[Math.min(turn++, 2)], gapMs: 40 };
  };
}

async function openTimeArithmetic(page: Page): Promise<void> {
  await openRunTab(page, 'time-arithmetic', {
    '/question': 'What weekday is it 45 days from now?',
  });
}

const wire = wireProviderPerTest(timeArithmetic);

test.describe('model runs', () => {
  test('a provider whose key variable is unset says so once, and Test connection answers visibly', async ({
    studio,
  }) => {
    const { page } = studio;
    await openTimeArithmetic(page);
    await page.getByTestId('no-provider-cta').getByTestId('no-provider-settings').click();
    const settings = page.getByTestId('settings-view');
    const form = settings.getByTestId('provider-form');
    await form.getByTestId('provider-id').fill('no-key-yet');
    await form.getByTestId('provider-kind').selectOption('anthropic');
    await form.getByTestId('provider-base_url').fill(wire.server.url);
    await form.getByTestId('provider-model').fill(MODEL);
    await form.getByTestId('provider-api_key_env').fill('SKILL_STUDIO_E2E_UNSET_KEY');
    await form.getByTestId('provider-save').click();
    const row = settings.locator('[data-testid="provider-row"][data-id="no-key-yet"]');
    await expect(row.getByTestId('provider-key')).toContainText('SKILL_STUDIO_E2E_UNSET_KEY');
    const keyText = (await row.getByTestId('provider-key').textContent()) ?? '';
    await expect(row.getByTestId('provider-check')).toHaveAttribute('data-ok', 'false');
    // The missing key is said once, by the key line; the check says only that it did not run.
    const rowText = (await row.textContent()) ?? '';
    expect(rowText.split(keyText).length - 1).toBe(1);
    await expect(row.getByTestId('provider-check')).toContainText('Not tested');
    // Each press of Test connection shows a fresh answer.
    const before = await row.getByTestId('provider-check-time').textContent();
    await page.waitForTimeout(1100);
    await row.getByTestId('provider-test').click();
    await expect(row.getByTestId('provider-check-time')).not.toHaveText(before ?? '');
    await settings.getByTestId('settings-close').click();
  });

  test('with no provider, the playground leads to Settings, where one is added and tested', async ({
    studio,
  }) => {
    const { page } = studio;
    await openTimeArithmetic(page);
    await expect(page.getByTestId('no-provider-cta')).toBeVisible();
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-blocked')).toContainText('no model provider');
    await page.getByTestId('run-blocked').getByTestId('no-provider-settings').click();

    const settings = page.getByTestId('settings-view');
    await expect(settings).toBeVisible();
    // Browser mode says where its keys live; only the desktop app offers to store one.
    await expect(settings.getByTestId('key-storage')).toContainText(
      'Browser mode and the CLI read keys from',
    );
    await expect(settings.getByTestId('provider-store-key')).toHaveCount(0);
    const form = settings.getByTestId('provider-form');
    await form.getByTestId('provider-id').fill('local-claude');
    await form.getByTestId('provider-kind').selectOption('anthropic');
    await form.getByTestId('provider-base_url').fill(wire.server.url);
    await form.getByTestId('provider-model').fill(MODEL);
    await form.getByTestId('provider-api_key_env').fill(KEY_ENV);
    // Browser mode: the view says which variable to set, and where.
    await expect(form.getByTestId('provider-env-help')).toContainText(`export ${KEY_ENV}=`);
    await form.getByTestId('provider-save').click();

    const row = settings.locator('[data-testid="provider-row"][data-id="local-claude"]');
    await expect(row).toBeVisible();
    // A workspace provider sends no secret before the user approves this variable, host and port.
    await expect(row.getByTestId('provider-approval')).toContainText(`$${KEY_ENV}`);
    expect(wire.server.requests.some((r) => JSON.stringify(r.headers).includes(KEY))).toBe(false);
    await row.getByTestId('provider-approve').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(`$${KEY_ENV}`);
    await page.getByTestId('confirm-ok').click();
    await expect(row.getByTestId('provider-approval')).toHaveCount(0);
    await expect(row.getByTestId('provider-key')).toContainText(`key found in $${KEY_ENV}`);
    await expect(row.getByTestId('provider-check')).toHaveAttribute('data-ok', 'true');
    await expect(row.getByTestId('provider-check')).toContainText(MODEL);
    // skill-studio.json holds the variable's name, never the key.
    const saved = await readFile(wire.configFile, 'utf8');
    expect(saved).toContain(KEY_ENV);
    expect(saved).not.toContain(KEY);
    await expect(page.locator('body')).not.toContainText(KEY);

    await page.screenshot({ path: test.info().outputPath('settings.png') });
    await settings.getByTestId('settings-close').click();
    await expect(page.getByTestId('model-picker')).toBeVisible();
    await expect(page.getByTestId('run-provider')).toHaveValue('local-claude');
    await expect(page.getByTestId('run-blocked')).toHaveCount(0);
  });

  test('runs time-arithmetic on a provider from skill-studio.json: transcript, tools, answer, tokens', async ({
    studio,
  }) => {
    const { page } = studio;
    await wire.configure({ model: MODEL, models: [MODEL, OTHER_MODEL], api_key_env: KEY_ENV });
    await openTimeArithmetic(page);
    await expect(page.getByTestId('run-provider')).toHaveValue('wire', { timeout: 15_000 });
    await expect(page.getByTestId('run-model')).toHaveValue(MODEL);

    await page.getByTestId('run-button').click();
    const transcript = page.getByTestId('transcript');
    await expect(transcript).toBeVisible();
    // The text streams in as rendered Markdown, before the run ends.
    await expect(transcript.getByTestId('transcript-text').first()).toContainText(
      'Let me check the date.',
    );
    const time = transcript.locator('[data-testid="transcript-tool"][data-tool="time"]');
    const calc = transcript.locator('[data-testid="transcript-tool"][data-tool="calculator"]');
    await expect(time).toBeVisible();
    await expect(calc).toBeVisible();
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 30_000 });

    // The answer, as Markdown (bold is rendered, not shown as asterisks).
    await expect(transcript.locator('strong', { hasText: 'Thursday' })).toBeVisible();
    // Tool calls: collapsed, they open on their arguments and results.
    await calc.locator('summary').click();
    await expect(calc.getByTestId('transcript-tool-args')).toContainText('45 mod 7');
    await expect(calc.getByTestId('transcript-tool-result')).toContainText('3');
    await time.locator('summary').click();
    await expect(time.getByTestId('transcript-tool-args')).toContainText('"operation": "now"');
    await expect(time.getByTestId('transcript-tool-result')).not.toBeEmpty();
    // The figures: model, tokens in and out, time to first token, turns.
    await expect(transcript.getByTestId('transcript-model')).toHaveText(`wire · ${MODEL}`);
    await expect(transcript.getByTestId('transcript-tokens')).toContainText('3,000 in');
    await expect(transcript.getByTestId('transcript-tokens')).toContainText('75 out');
    await expect(transcript.getByTestId('transcript-ttft')).toContainText(/first token \d+ ms/);
    await expect(transcript.getByTestId('transcript-turns')).toContainText('3/6 turns');

    // The request went through the SDK with the key from the environment; the page never shows it.
    const posts = wire.server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(JSON.stringify(posts[0].headers)).toContain(KEY);
    await expect(page.locator('body')).not.toContainText(KEY);

    await page.screenshot({ path: test.info().outputPath('transcript.png') });

    // "Rerun with another model" is one pick; the new run asks for that model.
    await page.getByTestId('rerun-model').selectOption({ label: `wire · ${OTHER_MODEL}` });
    await expect(page.getByTestId('run-model')).toHaveValue(OTHER_MODEL);
    // The phase still reads Done from the first run until the rerun starts: wait for
    // the server to be asked for the other model, then for that run to end.
    const lastModel = () =>
      (wire.server.requests.filter((r) => r.method === 'POST').pop()?.json as { model?: string })
        ?.model;
    await expect.poll(lastModel, { timeout: 30_000 }).toBe(OTHER_MODEL);
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 30_000 });

    // Both runs are kept with their models, and compare side by side like scripts' runs.
    await page.getByTestId('pg-tab-history').click();
    const picks = page.getByTestId('history-pick');
    await expect(picks.nth(1)).toBeVisible({ timeout: 10_000 });
    await picks.nth(0).check();
    await picks.nth(1).check();
    await page.getByTestId('history-compare').click();
    const compare = page.getByTestId('run-compare');
    await expect(compare).toContainText(`wire · ${OTHER_MODEL}`);
    await expect(compare).toContainText(`wire · ${MODEL}`);
  });
});
