import { test, expect } from './support/fixtures';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSkill } from './support/editor';

test('the app makes no request off the machine, even for a remote image in a preview', async ({
  studio,
}) => {
  const { page, offMachine } = studio;
  const hosts = new Set<string>();
  page.on('request', (req) => hosts.add(new URL(req.url()).host));
  await openSkill(page, 'alpha-skill');
  await page.getByTestId('right-tab-preview').click();
  const preview = page.getByTestId('preview-panel');
  await expect(preview.locator('h1')).toHaveText('Alpha skill');
  // The remote image is kept out of the page.
  await expect(
    preview.locator('img[data-blocked-src="https://example.com/tracker.png"]'),
  ).toHaveCount(1);
  await expect(preview.locator('img[src]')).toHaveCount(0);
  await page.getByTestId('right-tab-files').click();
  await page.waitForTimeout(500);
  expect(offMachine).toEqual([]);
  for (const host of hosts) {
    if (host) expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
  }
});

test('the session never reaches another server on 127.0.0.1 (no cookie to leak across ports)', async ({
  studio,
  server,
}) => {
  test.skip(studio.mode !== 'browser', 'browser mode only: the desktop app has no HTTP session');
  const { page } = studio;
  const seen: { url: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const other = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another local server</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    // Signed in: the tab holds its token, and the browser holds no cookie at all.
    const token = await page.evaluate(() => sessionStorage.getItem('skill-studio.session'));
    expect(token).toBeTruthy();
    expect(await page.context().cookies()).toEqual([]);
    // A reload keeps the tab signed in (sessionStorage survives it)…
    await page.reload();
    await expect(page.getByTestId('skill-item').first()).toBeVisible();
    // …while a new tab without a link of its own is not signed in.
    const stranger = await page.context().newPage();
    const refused = stranger.waitForResponse((r) => r.url().includes('/api/studio/'));
    await stranger.goto(`${server!.origin}/`);
    expect((await refused).status()).toBe(401);
    await expect(stranger.getByTestId('skill-item')).toHaveCount(0);
    await stranger.close();
    // The studio page's CSP lets it reach nothing else; the attack is another page on
    // 127.0.0.1 (any port) that the browser would hand 127.0.0.1's cookies to: a
    // navigation there, its image, and its credentialed fetch back to itself.
    await page.goto(`${otherOrigin}/navigate`);
    await expect(page.locator('p')).toHaveText('hello');
    await page.evaluate(async () => {
      await fetch('/fetch', { credentials: 'include' });
      await new Promise<void>((resolve) => {
        const img = new Image();
        img.onload = img.onerror = () => resolve();
        img.src = '/image';
      });
    });
    expect(seen.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/navigate', '/fetch', '/image']),
    );
    for (const r of seen) {
      expect(r.headers.cookie, r.url).toBeUndefined();
      expect(r.headers.authorization, r.url).toBeUndefined();
      const all = JSON.stringify(r.headers);
      expect(all, r.url).not.toContain(token!);
      expect(all, r.url).not.toContain(server!.token);
    }
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
