import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const workflowText = readFileSync('src/ui/samples/workflow.json', 'utf8');
const workflow = JSON.parse(workflowText) as { steps: Record<string, unknown>[] };
const stepReceipts = JSON.parse(
  readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
) as object[];
const timelineDoc = JSON.parse(readFileSync('src/ui/samples/timeline.json', 'utf8')) as {
  timeline: Record<string, unknown>[];
  commitment: Record<string, unknown>;
};

test.describe('workflow receipts', () => {
  test('the worked example verifies with 5 steps in the timeline', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(workflowText);
    await verifyPage.expectVerdict('verified');
    await expect(page.getByTestId('step-row')).toHaveCount(5);
    await expect(page.getByTestId('merkle-status')).toHaveAttribute('data-status', 'match');
    await expect(verifyPage.banner).toContainText('dropping trailing steps');
    await page.getByTestId('step-row').nth(1).click();
    await expect(page.getByTestId('step-detail')).toContainText(
      '514fe841-bbdd-4804-9ef4-6828842d8763',
    );
    await expect(page.getByTestId('audit-path')).toContainText('(= carried merkle_root)');
  });

  test('a changed receipt_id fails the Merkle rule and shows the divergence', async ({
    verifyPage,
    page,
  }) => {
    const tampered = structuredClone(workflow);
    tampered.steps[3]!.receipt_id = 'bf88a036-416b-456a-8e82-8c0991811d69';
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(tampered, null, 2));
    await verifyPage.expectVerdict('failed');
    await expect(
      verifyPage.failedCheck('merkle_root does not match the recomputed Section 8.1 root'),
    ).toBeVisible();
    await expect(page.getByTestId('merkle-divergence')).toBeVisible();
    await expect(page.locator('[data-testid="merkle-tree"] [data-mismatch="true"]')).toHaveCount(1);
  });

  test('a repeated receipt_id marks the repeating leaf in the Merkle tree', async ({
    verifyPage,
    page,
  }) => {
    const repeated = structuredClone(workflow);
    repeated.steps[2]!.receipt_id = repeated.steps[0]!.receipt_id;
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(repeated, null, 2));
    await verifyPage.expectVerdict('failed');
    await expect(verifyPage.failedCheck('duplicate receipt_id')).toBeVisible();
    const tree = page.getByTestId('merkle-tree');
    await expect(tree.locator('[data-node="0:2"]')).toHaveAttribute('data-mismatch', 'true');
    await expect(tree.locator('[data-node="0:0"]')).toHaveAttribute('data-mismatch', 'false');
  });

  test('two swapped steps fail the seq rule', async ({ verifyPage }) => {
    const swapped = structuredClone(workflow);
    [swapped.steps[1], swapped.steps[2]] = [swapped.steps[2]!, swapped.steps[1]!];
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(swapped, null, 2));
    await verifyPage.expectVerdict('failed');
    await expect(
      verifyPage.failedCheck('step seq values are not 1..n in order (index 1 carries seq 3)'),
    ).toBeVisible();
  });

  test('with its step receipts, each step shows its receipt verdict', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.chooseSample('Workflow with step receipts');
    await verifyPage.expectVerdict('verified');
    await expect(
      page.locator('[data-testid="step-receipt-verdict"][data-verdict="verified"]'),
    ).toHaveCount(5);
    await expect(verifyPage.dimension('evidence_linkage')).toHaveAttribute('data-status', 'pass');
  });

  test('dropping a workflow and two step receipts groups and verifies them together', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    const tamperedStep = {
      ...(stepReceipts[1] as Record<string, unknown>),
      verification_status: 'pending',
    };
    await verifyPage.dropFiles([
      { name: 'step-1.json', text: JSON.stringify(stepReceipts[0]) },
      { name: 'workflow.json', text: workflowText },
      { name: 'step-2.json', text: JSON.stringify(tamperedStep) },
    ]);
    await expect(page.getByTestId('supplied-with')).toContainText('step-1.json, step-2.json');
    await expect(page.getByTestId('step-receipt-verdict')).toHaveCount(2);
    await expect(
      page.locator('[data-testid="step-receipt-verdict"][data-verdict="failed"]'),
    ).toHaveCount(1);
    await verifyPage.expectVerdict('failed');
    await expect(verifyPage.dimension('evidence_linkage')).toHaveAttribute('data-status', 'fail');
  });
});

test.describe('job timelines', () => {
  test('the worked example with its commitment verifies', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(timelineDoc, null, 2));
    await verifyPage.expectVerdict('verified');
    await expect(page.getByTestId('final-entry-digest')).toContainText(
      '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
    );
    await expect(page.getByTestId('commitment-result')).toHaveAttribute('data-binds', 'true');
  });

  test('an edited provenance fails at that link, which is highlighted', async ({
    verifyPage,
    page,
  }) => {
    const edited = structuredClone(timelineDoc.timeline);
    edited[1]!.provenance_class = 'OBSERVED VIA GATEWAY';
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(edited, null, 2));
    await verifyPage.expectVerdict('failed');
    // The reference's "entry 2 … entry 1" (counted from 0), said in the view's numbers.
    await expect(
      verifyPage.failedCheck(
        'Entry 3’s link does not match Entry 2 — Entry 2 was changed, or Entry 3’s link was',
      ),
    ).toBeVisible();
    const broken = page.locator('[data-testid="chain-link"][data-first-broken="true"]');
    await expect(broken).toContainText('✗ broken');
    await expect(broken).toContainText(
      'c225aa2256e7984575f5a664b690f2b06c86abddc528def6164fb1bbb0aa4cba',
    );
  });

  test('a commitment with a wrong count fails with the commitment message', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'timeline.json', text: JSON.stringify(timelineDoc.timeline) },
      {
        name: 'commitment.json',
        text: JSON.stringify({ ...timelineDoc.commitment, entry_count: 4 }),
      },
    ]);
    await verifyPage.expectVerdict('failed');
    await expect(
      verifyPage.failedCheck('commitment entry_count 4 does not match the timeline length 5'),
    ).toBeVisible();
    await expect(page.getByTestId('commitment-result')).toHaveAttribute('data-binds', 'false');
  });
});

test('a workflow dropped with its step receipts sits in the editor; a stray text file only warns', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await verifyPage.dropFiles([
    { name: 'workflow.json', text: workflowText },
    ...stepReceipts.map((r, i) => ({ name: `step-${i + 1}.json`, text: JSON.stringify(r) })),
    { name: 'notes.txt', text: 'hello there' },
  ]);
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.input).toHaveValue(workflowText);
  await expect(
    page.locator('[data-testid="check"][data-status="warning"]', { hasText: 'notes.txt' }),
  ).toBeVisible();
  // Places are clickable again: the workflow's merkle_root check highlights its value.
  await page
    .locator('[data-testid="check"][data-rule="workflow.merkle.root"]')
    .getByRole('button')
    .click();
  const selected = await verifyPage.input.evaluate((el: HTMLTextAreaElement) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  expect(selected).toBe('"7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37"');
});
