import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { tinyWebm } from './support/tiny-webm';

/**
 * Issue 27's video preview on the real server and its Storage (the jsdom tests only see the markup): a real 2-second
 * VP8 WebM, made by the browser under test, uploaded to the Creative Studio; its detail shows the browser's player,
 * labelled, with the length read from the file, and the video plays from its signed URL. At 1280 px and 375 px, axe clean.
 */

for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 812 }]) {
  test(`a video uploaded to the asset library plays in its detail and shows its length at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpToDashboard(page);
    await page.goto(paths.marketing.creative);
    await expect(page.getByRole('heading', { level: 2, name: 'Asset Library', exact: true })).toBeVisible();
    const video = await tinyWebm(page, { seconds: 2 });

    await page.getByLabel('Choose Files').setInputFiles([{ name: 'teaser.webm', mimeType: 'video/webm', buffer: video }]);
    await page.getByRole('button', { name: 'Open teaser.webm' }).click({ timeout: 30_000 });
    const detail = page.getByRole('dialog', { name: 'teaser.webm' });
    const player = detail.locator('video[controls]');
    await expect(player).toHaveAttribute('aria-label', 'Video: teaser.webm');
    await expect(detail.locator('figcaption')).toHaveText('Length 00:02', { timeout: 20_000 });
    await expect(detail.getByRole('alert')).toHaveCount(0);

    // It plays: the browser decodes the file from its signed URL and the playhead moves.
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await player.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([160, 120]);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expectNoAxeViolations(page);
  });
}
