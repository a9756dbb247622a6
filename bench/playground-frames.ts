/**
 * The playground under a flood: frame times while a skill streams 100,000 events.
 *
 *   npm run build && npx tsx bench/playground-frames.ts [--events N] [--pace MS] [--keep]
 *
 * Starts `skill-studio serve` on a temp workspace holding the bench skill
 * (bench/fixtures/playground-flood), drives Debian's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium) to run it from the playground, and records every animation
 * frame in the page until the run ends, plus long tasks (> 50 ms) and how long a
 * click on another tab takes to show while events stream. Prints a summary and
 * one JSON line. A measurement, not a test: it asserts nothing.
 */
import { cp, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startStudioServer } from '../e2e/support/server';
import { showPlayground } from '../e2e/support/editor';
import { percentile } from './bench-util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = path.join(ROOT, 'bench', 'fixtures', 'playground-flood');

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

const EVENTS = flag('events', 100_000);

/** Installed in the page: every animation frame's duration and every long task, until stopped. */
const RECORDER = `(() => {
  window.__frames = [];
  window.__long = [];
  window.__stop = false;
  let last = performance.now();
  const tick = (t) => {
    window.__frames.push(t - last);
    last = t;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(tick);
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    // No long-task timing in this browser: frames alone are reported.
  }
})()`;
const STOP_RECORDER = `(() => {
  window.__stop = true;
  return { frames: window.__frames, long: window.__long };
})()`;
const PACE = flag('pace', 0);
const KEEP = process.argv.includes('--keep');

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over50: number;
  over100: number;
  longTasks: number;
  longTaskMs: number;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'renderer', 'index.html'))) {
    console.error('bench/playground-frames: the UI is not built — run `npm run build` first.');
    process.exit(2);
  }
  const base = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-frames-'));
  const ws = path.join(base, 'workspace');
  const home = path.join(base, 'home');
  await mkdir(path.join(ws, 'skills'), { recursive: true });
  await mkdir(home, { recursive: true });
  await cp(FIXTURE, path.join(ws, 'skills', 'playground-flood'), { recursive: true });
  await writeFile(path.join(ws, 'skill-studio.json'), '{}\n');

  const server = await startStudioServer(ROOT, {
    base,
    root: ws,
    home,
    stateDir: path.join(home, 'state'),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(await server.signInUrl());
    await page.locator('[data-testid="skill-item"][data-skill="playground-flood"]').first().click();
    await showPlayground(page);
    await page.getByTestId('pg-tab-run').click();
    await page.getByTestId('args-view-form').click();
    await page
      .locator('[data-testid="arg-field"][data-pointer="/events"] input')
      .fill(String(EVENTS));
    await page
      .locator('[data-testid="arg-field"][data-pointer="/pace_ms"] input')
      .fill(String(PACE));

    // Record every frame and every long task from the click on Run to the end of the run.
    // A string, not a function: tsx would wrap a function's inner helpers in names the page lacks.
    await page.evaluate(RECORDER);
    const started = Date.now();
    await page.getByTestId('run-button').click();
    await page
      .locator('[data-testid="run-view"][data-phase="running"]')
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);

    // While it streams: how long until a click on another tab shows.
    let tabSwitchMs: number | null = null;
    if ((await page.locator('[data-testid="run-view"][data-phase="running"]').count()) > 0) {
      const t0 = Date.now();
      await page.getByTestId('run-tab-raw').click();
      await page.getByTestId('raw-messages').waitFor();
      tabSwitchMs = Date.now() - t0;
      await page.getByTestId('run-tab-logs').click();
    }
    await page
      .locator('[data-testid="run-view"]:not([data-phase="running"])')
      .waitFor({ timeout: 600_000 });
    const wall = Date.now() - started;
    const { frames, long } = (await page.evaluate(STOP_RECORDER)) as {
      frames: number[];
      long: number[];
    };
    const events = Number(
      (await page.getByTestId('run-view').textContent())
        ?.match(/([\d,]+) events/)?.[1]
        ?.replace(/,/g, '') ?? NaN,
    );
    const outcome = await page.getByTestId('run-view').getAttribute('data-outcome');

    const sorted = [...frames].sort((a, b) => a - b);
    const stats: FrameStats = {
      frames: frames.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
      over50: frames.filter((f) => f > 50).length,
      over100: frames.filter((f) => f > 100).length,
      longTasks: long.length,
      longTaskMs: long.reduce((a, b) => a + b, 0),
    };
    const f = (n: number) => n.toFixed(1);
    console.log(
      `# Playground frame times — ${EVENTS.toLocaleString()} events${PACE ? `, ${PACE} ms between batches` : ''}, node ${process.version}, ${os.cpus().length} cores`,
    );
    console.log(
      `run: ${outcome}, ${Number.isFinite(events) ? events.toLocaleString() : '?'} events shown, ${(wall / 1000).toFixed(1)} s from click to result`,
    );
    console.log(
      `frames: ${stats.frames} · p50 ${f(stats.p50)} ms · p95 ${f(stats.p95)} ms · p99 ${f(stats.p99)} ms · max ${f(stats.max)} ms`,
    );
    console.log(
      `frames over 50 ms: ${stats.over50} · over 100 ms: ${stats.over100} · long tasks: ${stats.longTasks} (${f(stats.longTaskMs)} ms in all)`,
    );
    if (tabSwitchMs !== null) console.log(`tab switch while streaming: ${tabSwitchMs} ms`);
    console.log(
      JSON.stringify({
        bench: 'playground-frames',
        events: EVENTS,
        pace_ms: PACE,
        outcome,
        shown_events: events,
        wall_ms: wall,
        tab_switch_ms: tabSwitchMs,
        ...stats,
      }),
    );
    if (KEEP) await page.screenshot({ path: path.join(base, 'playground-after-flood.png') });
  } finally {
    await browser.close();
    await server.stop();
    if (KEEP) console.log(`kept: ${base}`);
    else await rm(base, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
