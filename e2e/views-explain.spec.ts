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
