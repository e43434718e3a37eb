import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * The automation Graph view's drag (issue 29): a way out dragged from a box's lower dot onto another box's upper dot
 * with a real mouse in Chromium connects the two steps (the edge is redrawn, the step list shows it, and it stays after
 * saving and reloading); let go over empty canvas, it connects nothing. Boxes are not movable (nodesDraggable off).
 * The unit tests call the handlers as functions: jsdom has no layout, so only this proves the dots can be hit.
 */

const center = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** Presses on `from`, moves in small steps as a hand does, and lets go at `to`. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

async function openGraph(page: Page): Promise<Locator> {
  const workflows = page.getByRole('region', { name: 'Workflows' });
  await workflows.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
  await editor.getByRole('button', { name: 'Graph' }).click();
  for (const id of ['@trigger', 'tag-hot', 'tell-owner', 'done']) await expect(editor.getByTestId(`graph-node-${id}`)).toBeVisible();
  return editor;
}

async function expectThenGoTo(editor: Locator, target: string) {
  await editor.getByRole('button', { name: 'Steps' }).click();
  const first = editor.getByRole('listitem').filter({ has: editor.page().getByRole('heading', { level: 4, name: /^Step 1 \(tag-hot\)/ }) });
  await expect(first.getByLabel('Then go to')).toHaveValue(target);
}

for (const width of [1280, 375]) {
  test(`a way out dragged onto another box connects it, and dropped on empty canvas connects nothing, at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.automation);
    const workflows = page.getByRole('region', { name: 'Workflows' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Use template: Hot-lead alert to the owner' }).click({ timeout: 2_000 });
      // A click before the page is interactive does nothing; one that worked may take seconds to show its workflow under
      // load: clicking again every 2 s made a workflow each time (13 in one CI run), so wait 10 s before another click.
      await expect(workflows.getByRole('heading', { name: 'Hot-lead alert to the owner' })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 40_000 });

    const editor = await openGraph(page);
    const edge = editor.getByTestId('rf__edge-tag-hot:next');
    await expect(edge).toHaveAttribute('aria-label', 'Edge from tag-hot to tell-owner');
    const wayOut = editor.locator('.react-flow__handle.source[data-nodeid="tag-hot"][data-handleid="next"]');
    const doneIn = editor.locator('.react-flow__handle.target[data-nodeid="done"]');
    // The canvas whole on screen (the dialog scrolls), no toast over it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await editor.locator('.react-flow').scrollIntoViewIfNeeded();
    const start = center((await wayOut.boundingBox())!);

    // Let go over empty canvas, right of the boxes: nothing connected, the way still leads where it did.
    const canvas = (await editor.locator('.react-flow').boundingBox())!;
    const doneBox = (await editor.getByTestId('graph-node-done').boundingBox())!;
    const empty = { x: (doneBox.x + doneBox.width + canvas.x + canvas.width) / 2, y: doneBox.y + doneBox.height / 2 };
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('react-flow__pane'), empty)).toBe(true);
    await drag(page, start, empty);
    await expect(editor.locator('.react-flow__connectionline')).toHaveCount(0);
    await expect(edge).toHaveAttribute('aria-label', 'Edge from tag-hot to tell-owner');
    await expect(editor.getByTestId('graph-node-tag-hot')).not.toContainText('Not connected');
    await expect(editor.locator('.react-flow__edge')).toHaveCount(3);

    // Onto the end box's upper dot: the tag step now leads to the end, in the graph and in the step list.
    await drag(page, start, center((await doneIn.boundingBox())!));
    await expect(edge).toHaveAttribute('aria-label', 'Edge from tag-hot to done');
    await expect(editor.locator('.react-flow__edge')).toHaveCount(3);
    await expectThenGoTo(editor, 'done');

    // Saved, and still so after a reload.
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved.')).toBeVisible();
    await page.reload();
    const reopened = await openGraph(page);
    await expect(reopened.getByTestId('rf__edge-tag-hot:next')).toHaveAttribute('aria-label', 'Edge from tag-hot to done');
    await expectThenGoTo(reopened, 'done');
    await context.close();
  });
}
