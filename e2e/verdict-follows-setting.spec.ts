import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tamperedReceiptText, validReceiptText } from './support/receipts';

/**
 * Issue 24 items 4, 5 and 7: the verdict on screen follows the profile the setting names, as
 * `aer1-verify --profile` does; a stricter profile never reads better than core; a report that
 * did not verify never says "Verified under …".
 */

/** A receipt core verifies and the strict profile rejects (receipt_schema_version "0.2"). */
const strictFailing = (
  JSON.parse(readFileSync('src/core/receipt/vectors/strict-schema-version-0.2.json', 'utf8')) as {
    text: string;
  }
).text;

/** The CLI's exit code for the receipt under a profile (the built dist-cli, as a user runs it). */
function cliExitCode(text: string, profile: string): number | null {
  const folder = mkdtempSync(join(tmpdir(), 'aer1-e2e-'));
  const file = join(folder, 'receipt.json');
  writeFileSync(file, text);
  return spawnSync(process.execPath, ['dist-cli/aer1-verify.mjs', '--profile', profile, file])
    .status;
}

const EXIT_CODE = { verified: 0, failed: 1, incomplete: 2 } as const;

async function saveProfile(page: Page, profile: string): Promise<void> {
  await page.addInitScript((p) => localStorage.setItem('aer1.profile', p), profile);
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the headline follows the chosen profile and agrees with the CLI’s --profile exit code', async ({
      verifyPage,
      page,
    }) => {
      await saveProfile(page, 'strict');
      await verifyPage.open();
      await verifyPage.pasteAndVerify(strictFailing);
      const heading = verifyPage.banner.getByRole('heading');
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
        timeout: 30_000,
      });
      await expect(verifyPage.banner).toHaveAttribute('data-core-verdict', 'verified');
      await expect(heading).toHaveText(/✗ Failed under strict · core: verified/);
      await expect(heading).toBeInViewport();
      expect(cliExitCode(strictFailing, 'strict')).toBe(EXIT_CODE.failed);
      // The card says the verdict follows the setting, not that core alone decides it.
      const profiles = page.getByRole('region', { name: 'Profiles' });
      await expect(profiles).not.toContainText('Core alone decides the verdict above');
      await expect(profiles.getByTestId('profile-verdict')).toContainText(
        'aer1-verify --profile strict',
      );

      // Back to core: the same result now reads verified, as `--profile core` exits 0.
      await profiles.getByText('Profile and clock policy').click();
      await profiles.getByLabel('Profile', { exact: true }).selectOption('core');
      await verifyPage.expectVerdict('verified');
      await expect(heading).toHaveText(/^✓ Verified/);
      await expect(heading).not.toContainText('core:');
      expect(cliExitCode(strictFailing, 'core')).toBe(EXIT_CODE.verified);
    });

    test('a receipt without a log anchor is not verified under the disinterested tier', async ({
      verifyPage,
      page,
    }) => {
      await saveProfile(page, 'disinterested');
      await verifyPage.open();
      await verifyPage.pasteAndVerify(validReceiptText);
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'incomplete', {
        timeout: 30_000,
      });
      await expect(verifyPage.banner).toHaveAttribute('data-core-verdict', 'verified');
      await expect(verifyPage.banner.getByRole('heading')).toHaveText(
        /Incomplete under disinterested tier · core: verified/,
      );
      await expect(verifyPage.banner).toContainText('needs a log anchor');
      await expect(page.locator('main')).not.toContainText('Verified under');
      expect(cliExitCode(validReceiptText, 'disinterested')).toBe(EXIT_CODE.incomplete);
    });

    test('a stricter profile never reads better than core on a tampered receipt', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.pasteAndVerify(tamperedReceiptText);
      await verifyPage.expectVerdict('failed');
      const profiles = page.getByTestId('profiles');
      for (const id of ['strict', 'reference-producer']) {
        const line = profiles.locator(`[data-profile="${id}"]`);
        await expect(line).toHaveAttribute('data-status', 'fail');
        await expect(line).toContainText('fails (core fails)');
      }
      expect(cliExitCode(tamperedReceiptText, 'strict')).toBe(EXIT_CODE.failed);
    });

    test('a report that did not verify says what it was checked under, not “Verified under”', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.pasteAndVerify(tamperedReceiptText);
      await verifyPage.expectVerdict('failed');
      await expect(page.getByTestId('setting-applied')).toHaveText(
        /^Checked under your saved setting: core \(the draft\)/,
      );
      await expect(page.locator('main')).not.toContainText('Verified under');
    });
  });
}
