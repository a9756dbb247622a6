import { test, expect } from './support/fixtures';
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
