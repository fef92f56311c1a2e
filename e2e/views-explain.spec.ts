import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** Issue #10.5: the Merkle tree is drawn with edges, its paths highlighted, a changed leaf marked. */

const workflowText = readFileSync('src/ui/samples/workflow.json', 'utf8');
const stepReceipts = JSON.parse(
  readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
) as Record<string, unknown>[];

test('the Merkle tree has edges; choosing a leaf highlights its way up and its audit path', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=workflow');
  await verifyPage.expectVerdict('verified');
  const tree = page.getByTestId('merkle-tree');
  // Five leaves: 5 + 3 + 2 nodes below the root, one edge each.
  await expect(tree.locator('[data-testid="merkle-edges"] line')).toHaveCount(10);
  await tree.locator('[data-node="0:2"]').click();
  // Leaf 3 → its parent → … → the root: one highlighted edge per level below the root.
  await expect(tree.locator('line[data-on-path="true"]')).toHaveCount(3);
  await expect(tree.locator('[data-node="0:3"]')).toHaveAttribute('data-audit-path', 'true');
  await expect(tree.locator('[data-node="1:0"]')).toHaveAttribute('data-audit-path', 'true');
  await expect(tree.locator('[data-node="0:2"]')).toHaveAttribute('data-audit-path', 'false');
});

test('a step whose supplied receipt fails marks its leaf', async ({ verifyPage, page }) => {
  await verifyPage.open();
  const changed = { ...stepReceipts[1], verification_status: 'pending' };
  await verifyPage.dropFiles([
    { name: 'workflow.json', text: workflowText },
    { name: 'step-1.json', text: JSON.stringify(stepReceipts[0]) },
    { name: 'step-2.json', text: JSON.stringify(changed) },
  ]);
  await verifyPage.expectVerdict('failed');
  const leaves = page.locator('[data-testid="merkle-tree"] [data-changed="true"]');
  await expect(leaves).toHaveCount(1);
  await expect(leaves).toHaveAttribute('data-node', '0:1');
  await expect(leaves).toContainText('✗');
});

test('each batch row and each step has a permalink in the fragment', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=workflow');
  await verifyPage.expectVerdict('verified');
  await page.getByTestId('step-row').nth(2).click();
  await expect(page).toHaveURL(/[#&?]at=step-3/);
  const stepLink = page.url();
  await page.goto('about:blank');
  await page.goto(stepLink);
  await verifyPage.expectVerdict('verified');
  await expect(page.getByTestId('step-detail')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 3' })).toBeVisible();

  // A batch row, through a share link (the batch travels in the fragment too).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await verifyPage.open('./#/');
  await verifyPage.pasteAndVerify(
    `[${workflowText},${workflowText.replace('"seq": 2', '"seq": 9')}]`,
  );
  await verifyPage.expectVerdict('failed');
  const shared = await verifyPage.copyLink();
  await page.goto('about:blank');
  await page.goto(shared);
  await verifyPage.expectVerdict('failed');
  await page.getByTestId('result-row').first().click();
  await expect(page).toHaveURL(/at=row-\d/);
  const rowLink = page.url();
  const row = /at=row-(\d+)/.exec(rowLink)?.[1];
  await page.goto('about:blank');
  await page.goto(rowLink);
  // The batch's banner, and the opened row's own report below it.
  await expect(verifyPage.banner.first()).toHaveAttribute('data-verdict', 'failed');
  await expect(page.getByTestId('result-detail').getByRole('heading').first()).toContainText(
    `#${row} ·`,
  );
});
