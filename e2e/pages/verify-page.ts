import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the verify route: what a person sees and does there. */
export class VerifyPageObject {
  readonly input: Locator;
  readonly banner: Locator;
  readonly checks: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('receipt-input');
    this.banner = page.getByTestId('verdict-banner');
    this.checks = page.getByTestId('check');
  }

  async open(path = './'): Promise<void> {
    await this.page.goto(path);
    await expect(this.input).toBeVisible();
  }

  /** Puts text on the clipboard-free path: fill the editor and verify with Ctrl+Enter. */
  async pasteAndVerify(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Control+Enter');
  }

  /**
   * Pastes text into the editor as a person does (the clipboard and Ctrl+V), replacing what it
   * holds. The context needs the clipboard permissions.
   */
  async paste(text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.input.focus();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Control+V');
  }

  /** The verdict on screen, computed from exactly the input on screen (not marked as changed). */
  async expectVerdict(verdict: 'verified' | 'failed' | 'incomplete'): Promise<void> {
    await expect(this.banner).toHaveAttribute('data-verdict', verdict, { timeout: 30_000 });
    await expect(this.banner).toHaveAttribute('data-stale', 'false');
  }

  dimension(name: string): Locator {
    return this.page.getByTestId(`dimension-${name}`);
  }

  failedCheck(message: string): Locator {
    return this.page.locator('[data-testid="check"][data-status="fail"]', { hasText: message });
  }

  /** Drops files on the page the way a person does, through a real DataTransfer. */
  async dropFiles(files: { name: string; text?: string; base64?: string }[]): Promise<void> {
    await this.page.evaluate((list) => {
      const data = new DataTransfer();
      for (const f of list) {
        const content =
          f.base64 !== undefined
            ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
            : (f.text ?? '');
        data.items.add(new File([content], f.name));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        window.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    }, files);
  }

  async chooseSample(label: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Samples ▾' }).click();
    await this.page.getByRole('menuitem', { name: new RegExp(label) }).click();
  }

  /**
   * Copy link, as a person does: click it, wait for the page to say the link is copied (the
   * encoder loads on first use, so the copy lands after the click), then read it back.
   */
  async copyLink(): Promise<string> {
    await this.page.getByRole('button', { name: 'Copy link' }).click();
    await expect(this.page.getByTestId('share-message')).toContainText('Link copied');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
