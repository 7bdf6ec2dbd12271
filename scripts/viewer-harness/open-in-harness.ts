import type { Page } from 'playwright-core';

/** Opens a document in the viewer harness from its bytes (base64, as the console gets inline content). */
export async function openInHarness(page: Page, bytes: Uint8Array, contentType: string, name: string): Promise<void> {
  await page.evaluate(
    ({ base64, contentType, name }) => {
      performance.clearMarks();
      window.harness.open({ base64, contentType: contentType as never, name });
    },
    { base64: Buffer.from(bytes).toString('base64'), contentType, name },
  );
}
