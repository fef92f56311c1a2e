import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { startLocalRelay, type LocalRelay } from './support/local-relay';

const anchoredReceipt = readFileSync('src/ui/samples/nostr-anchored-receipt.json', 'utf8');
const event = JSON.parse(readFileSync('src/ui/samples/nostr-anchor-event.json', 'utf8')) as Record<
  string,
  unknown
>;

test.describe('anchors', () => {
  test('a bare signed event says what it shows, not "Verified": its signature, and that it binds nothing supplied', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(event));
    await expect(page.getByTestId('verdict-banner')).toContainText(
      'Signature valid · binds no supplied record',
    );
    await expect(page.getByTestId('verdict-banner').getByRole('heading')).not.toContainText(
      'Verified',
    );
  });

  test('a receipt with its signed Nostr event: the anchor passes', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'receipt.json', text: anchoredReceipt },
      { name: 'event.json', text: JSON.stringify(event) },
    ]);
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
      'data-status',
      'pass',
    );
    await expect(page.locator('[data-testid="anchor"][data-kind="nostr"]')).toHaveAttribute(
      'data-failed',
      'false',
    );
  });

  test('the same with one signature byte flipped: the anchor fails', async ({ verifyPage }) => {
    const sig = event.sig as string;
    const flipped = {
      ...event,
      sig: sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11),
    };
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'receipt.json', text: anchoredReceipt },
      { name: 'event.json', text: JSON.stringify(flipped) },
    ]);
    await verifyPage.expectVerdict('failed');
    await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
      'data-status',
      'fail',
    );
  });

  test('the hello-world proof with the block 358391 header is Bitcoin-confirmed', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.chooseSample('OpenTimestamps proof');
    const bitcoin = page.locator('[data-testid="attestations"] tr[data-type="bitcoin"]');
    await expect(bitcoin).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
    await expect(page.getByTestId('witness-time')).toContainText('2015-05-28T15:41:18Z');
  });

  test('without the header the Bitcoin confirmation is unavailable, and pasting it confirms', async ({
    verifyPage,
    page,
  }) => {
    const proof = readFileSync('src/ui/samples/hello-world.txt.ots.b64', 'utf8').trim();
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'hello-world.txt.ots', base64: proof },
      { name: 'hello-world.txt', text: 'Hello World!\n' },
    ]);
    const bitcoin = page.locator('[data-testid="attestations"] tr[data-type="bitcoin"]');
    await expect(bitcoin).toHaveAttribute('data-status', 'unavailable', { timeout: 30_000 });
    await expect(page.getByTestId('header-lookup')).toContainText('block 358391');
    await page
      .getByPlaceholder(/Paste an 80-byte block header/)
      .fill(
        '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6',
      );
    await page.getByRole('button', { name: 'Check with this header' }).click();
    await expect(bitcoin).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  });
});

test.describe('opt-in relay lookup', () => {
  test.describe.configure({ mode: 'serial' });
  let relay: LocalRelay;
  test.beforeAll(async () => {
    relay = await startLocalRelay([event]);
  });
  test.afterAll(async () => relay.close());

  test('asks a local relay only after the click, then verifies what it sent', async ({
    verifyPage,
    page,
  }) => {
    const receipt = JSON.parse(anchoredReceipt) as { anchor: { relays: string[] } };
    receipt.anchor.relays = [relay.url];
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
      'data-status',
      'unavailable',
    );
    await expect(page.getByTestId('relay-lookup')).toContainText(relay.url);
    expect(relay.received, 'no relay traffic before the user opts in').toEqual([]);
    await page.getByRole('button', { name: 'Ask the relays for the event' }).click();
    await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
      'data-status',
      'pass',
      { timeout: 30_000 },
    );
    expect(relay.received).toContainEqual(['REQ', expect.any(String), { ids: [event.id] }]);
  });
});

test.describe('a relay that answers with a forged event', () => {
  test.describe.configure({ mode: 'serial' });
  let liar: LocalRelay;
  test.beforeAll(async () => {
    liar = await startLocalRelay([{ ...event, content: 'forged content, same id' }]);
  });
  test.afterAll(async () => liar.close());

  test("is that relay's misbehaviour: the receipt stays Verified, the event unavailable, naming the relay", async ({
    verifyPage,
    page,
  }) => {
    const receipt = JSON.parse(anchoredReceipt) as { anchor: { relays: string[] } };
    receipt.anchor.relays = [liar.url];
    await verifyPage.open();
    await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
    await verifyPage.expectVerdict('verified');
    await page.getByRole('button', { name: 'Ask the relays for the event' }).click();
    const relayCheck = page.locator('[data-testid="check"][data-rule="anchor.nostr.event.relay"]');
    await expect(relayCheck).toHaveAttribute('data-status', 'unavailable', { timeout: 30_000 });
    await expect(relayCheck).toContainText(
      `relay ${liar.url} answered with an event that does not verify`,
    );
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
      'data-status',
      'unavailable',
    );
    await expect(page.locator('[data-testid="check"][data-status="fail"]')).toHaveCount(0);
    expect(liar.received).toContainEqual(['REQ', expect.any(String), { ids: [event.id] }]);
  });
});

test('a Nostr event pasted beside the receipt is associated with it', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await verifyPage.pasteAndVerify(anchoredReceipt);
  await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute(
    'data-status',
    'unavailable',
  );
  await page.getByRole('button', { name: 'More ▾' }).click();
  await page.getByRole('menuitem', { name: /Paste supporting…/ }).click();
  await page.getByLabel(/Supporting document/).fill(JSON.stringify(event));
  await page.getByRole('button', { name: 'Add as supplied document' }).click();
  await expect(verifyPage.dimension('anchor_verification')).toHaveAttribute('data-status', 'pass', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('supplied-with')).toContainText('pasted supporting document 1');
});
