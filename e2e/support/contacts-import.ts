import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { layoutProblems } from './layout-problems';

/** Helpers of the leads and contacts journeys (e2e/leads-contacts.spec.ts). */

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * What a person would find wrong on the screen as it is now (an open dialog included): the layout test's checks
 * (nothing wider than the screen, no cut text, every action reachable) and axe, each finding prefixed with `where`.
 */
export async function screenProblems(page: Page, where: string): Promise<string[]> {
  // Radix dialogs fade and zoom in: measure them once they stand still.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const found = [...(await layoutProblems(page)), ...(await axeViolations(page)).map((violation) => `axe ${violation}`)];
  return found.map((problem) => `${where}: ${problem}`);
}

export async function csvFile(name: string, lines: string[]): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'bb-contacts-')), name);
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

/** Opens the import wizard, picks the file and goes to the preview step (the column mapping as suggested). */
export async function openImportPreview(page: Page, file: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Lines whose email is already a contact' })).toHaveText('Skip them');
  return dialog;
}

/** Chooses an option of a Radix select labelled `name` inside `scope`. */
export async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Starts recording every value the import's progress bar takes (aria-valuenow), before the import starts; read them
 * with `progressValues`.
 */
export async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { importProgress: number[] }).importProgress = seen;
    const note = () => {
      const bar = document.querySelector('[role="dialog"] [role="progressbar"][aria-label="Import progress"]');
      const value = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

export function progressValues(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { importProgress: number[] }).importProgress);
}
