import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * index.html lays out a few characters in each face and size the report uses while the scripts
 * load (src/index.css, .font-warm-up), so that a cold page does not open every font in the frame
 * that first shows a report. A face the report uses and the warm-up lacks brings that cost back;
 * and the warm-up must never show, be read out, or be found as the page's text.
 */

/** A face as the page asks for it: monospace or not, weight, size and style. */
const FACE = `(element) => {
  const style = getComputedStyle(element);
  const family = style.fontFamily.includes('monospace') ? 'mono' : 'sans';
  return [family, style.fontWeight, style.fontSize, style.fontStyle].join(' ');
}`;

/** Every face the page's text is shown in (the warm-up's generated words are not text). */
function facesOfText(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const face = ${FACE};
    const faces = new Set();
    const walker = document.createTreeWalker(document.getElementById('root'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent.trim() !== '' && node.parentElement.checkVisibility())
        faces.add(face(node.parentElement));
    return [...faces].sort();
  })()`);
}

function facesWarmedUp(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const face = ${FACE};
    return [...document.querySelectorAll('.font-warm-up > span')].map(face).sort();
  })()`);
}

for (const sample of ['valid-receipt', 'tampered-receipt', 'workflow'])
  test(`every face the ${sample} sample's report uses is warmed up at 1280×800`, async ({
    verifyPage,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await verifyPage.open(`./#/?sample=${sample}`);
    await expect(page.getByTestId('report-area').getByTestId('check').first()).toBeAttached();
    const warmed = await facesWarmedUp(page);
    expect(warmed.length).toBeGreaterThan(0);
    // The report's lazily loaded views (a workflow's Merkle tree) come later: its faces are read
    // once two readings agree. (Sections not yet laid out count too: their style is computed.)
    await page.waitForLoadState('networkidle');
    let faces = await facesOfText(page);
    await expect
      .poll(
        async () => {
          const again = await facesOfText(page);
          const settled = again.join() === faces.join();
          faces = again;
          return settled;
        },
        { intervals: [250] },
      )
      .toBe(true);
    const missing = faces.filter((face) => !warmed.includes(face));
    expect(missing, 'faces the report uses that index.html does not warm up').toEqual([]);
  });

test('the warm-up is never seen, read out or found as text', async ({ verifyPage, page }) => {
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  const warmUp = page.locator('.font-warm-up');
  await expect(warmUp).toBeHidden();
  await expect(warmUp).toHaveAttribute('aria-hidden', 'true');
  // Its words are generated content: nothing in the DOM's text, nothing a search finds.
  expect(await warmUp.evaluate((element) => element.textContent?.trim())).toBe('');
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('Aa0');
  const box = await warmUp.boundingBox();
  expect(box === null || (box.width === 0 && box.height === 0)).toBe(true);
});
