import type { Page } from '@playwright/test';

/**
 * What does not fit the screen, as a person sees it. Runs in the page (no imports: Playwright serialises it).
 *
 * 1. The page itself scrolls sideways, or a visible element is wider than the viewport (the outermost one is
 *    named, not each of its descendants).
 * 2. Text cut by its box, or running out of it over its neighbour: a button, tab, badge, table cell or any box
 *    that does not wrap its text (white-space: nowrap) whose content is wider than the box (scrollWidth > clientWidth).
 * 3. An action (button, link, field) outside the viewport sideways, or cut off sideways by a box that clips or
 *    scrolls: nobody sees it there. Below the fold is fine (the page or its scroll box scrolls down to it).
 *
 * Code samples (`pre`) may scroll sideways on purpose; toasts are checked by their own test.
 */
function findLayoutProblems(): string[] {
  const viewport = document.documentElement.clientWidth;
  const problems: string[] = [];
  const SLACK = 1;

  const describe = (element: Element): string => {
    const label =
      element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const id = element.id ? `#${element.id}` : '';
    return `<${element.tagName.toLowerCase()}${id}> "${label}"`;
  };
  const isShown = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const isExempt = (element: Element) => element.closest('pre, [data-sonner-toaster]') !== null;

  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > viewport + SLACK) problems.push(`the page scrolls sideways: ${pageWidth}px wide on a ${viewport}px screen`);

  const tooWide: Element[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (isExempt(element) || !isShown(element)) continue;
    const { width } = element.getBoundingClientRect();
    if (width <= viewport + SLACK || tooWide.some((outer) => outer.contains(element))) continue;
    tooWide.push(element);
    problems.push(`${describe(element)} is ${Math.round(width)}px wide on a ${viewport}px screen`);
  }

  const isUnwrappable = (element: Element) => {
    const style = getComputedStyle(element);
    return style.whiteSpace === 'nowrap' && style.display !== 'inline' && style.overflowX === 'visible';
  };
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const isChecked = element.matches('button, [role="button"], [role="tab"], [data-slot="badge"], td, th') || isUnwrappable(element);
    if (!isChecked || isExempt(element) || !isShown(element)) continue;
    if (element.scrollWidth > element.clientWidth + SLACK) {
      problems.push(`${describe(element)} cuts its text: ${element.scrollWidth}px of content in a ${element.clientWidth}px box`);
    }
  }

  for (const element of Array.from(document.body.querySelectorAll('button, a[href], [role="button"], input, select, textarea'))) {
    if (isExempt(element) || !isShown(element) || element.closest('[inert]')) continue;
    const rect = element.getBoundingClientRect();
    if (rect.right > viewport + SLACK || rect.left < -SLACK) {
      problems.push(`${describe(element)} is outside the screen (${Math.round(rect.left)}–${Math.round(rect.right)}px of ${viewport}px)`);
      continue;
    }
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const clip = box.getBoundingClientRect();
      if (rect.right > clip.right + SLACK || rect.left < clip.left - SLACK) {
        problems.push(`${describe(element)} is cut off sideways by ${describe(box)}`);
        break;
      }
    }
  }
  return problems;
}

export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems);
}
