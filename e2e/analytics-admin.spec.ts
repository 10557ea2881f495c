import { expect, test } from './support/test';
import type { FoundProduct } from '@bazar/contracts/catalog';
import { logInAsAdmin, stored } from './support/accounts';
import { snap, grouped, speak } from './support/ui';

/** A Bengali text a chart drew on its canvas: the font in effect, and whether it had loaded then. */
interface BengaliDraw {
  canvas: number;
  text: string;
  font: string;
  loaded: boolean;
}

test.describe('analytics', () => {
  test("today's sale and expense show in the report and the cash card; Close Cash records the day", async ({
    page,
    request,
  }, testInfo) => {
    await logInAsAdmin(page);
    const token = await stored(page, 'info');
    const auth = { Authorization: `Bearer ${token}` };
    const found = ((await (await request.get('/api/product/find/rice')).json()) as { data: FoundProduct[] })
      .data;
    expect(found.length, 'a demo rice product').toBeGreaterThan(0);
    const sale = await request.post('/api/order/add', {
      headers: auth,
      data: { terminal: 1, ship: 0, paid: 50, carts: [{ product_id: found[0]!.id, quantity: 1 }] },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    const expense = await request.post('/api/expance/add', {
      headers: auth,
      data: { detail: 'E2E tea', amount: 30 },
    });
    expect(expense.status()).toBe(201);
    const sums = (await (await request.get('/api/profit-loss', { headers: auth })).json()) as {
      received: number;
      expance: number;
    };

    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Analytics', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Date Wise Sale Amount' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Date Wise Orders' })).toBeVisible();
    await expect(page.getByTestId('today-cash')).toHaveText(`${grouped(sums.received - sums.expance)} BDT`);
    await expect(page.getByTestId('today-expense')).toHaveText(`${grouped(sums.expance)} BDT`);
    const todayRow = page.locator('tbody tr').first();
    await expect(todayRow.getByRole('cell').nth(3)).not.toHaveText('0');

    // Close Cash asks first; "Not yet" leaves the day open, the dialog's own button closes it.
    await page.getByRole('button', { name: 'Close Cash' }).click();
    const confirm = page.getByRole('dialog', { name: "Close today's cash?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Not yet' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Cash updated')).toBeHidden();
    await page.getByRole('button', { name: 'Close Cash' }).click();
    await confirm.getByRole('button', { name: 'Close Cash' }).click();
    await expect(page.getByText('Cash updated')).toBeVisible();
    await expect(todayRow.getByText('Cash closed')).toBeVisible();
    await snap(page, testInfo, 'analytics');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'analytics');
  });

  // A canvas does not wait for a web font as the page does, and this Chromium has no Bengali font of
  // its own: drawn before Noto Sans Bengali has come, the charts' Bengali would be boxes for good.
  test.describe('in Bangla', () => {
    // The back office's service worker would serve the font past page.route.
    test.use({ serviceWorkers: 'block' });

    test('the charts draw their Bengali in Noto Sans Bengali, and only once it has loaded', async ({
      page,
    }) => {
      // Every fillText with Bengali, as it happens: the canvas's font, and document.fonts.check then.
      await page.addInitScript(() => {
        const draws: BengaliDraw[] = [];
        const canvases: HTMLCanvasElement[] = [];
        const latin: string[] = [];
        (window as unknown as { bengaliDraws: BengaliDraw[] }).bengaliDraws = draws;
        (window as unknown as { latinDigitDraws: string[] }).latinDigitDraws = latin;
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
          const value = String(text);
          if (/[0-9]/.test(value)) latin.push(value);
          if (/[\u0980-\u09FF]/.test(value)) {
            if (!canvases.includes(this.canvas)) canvases.push(this.canvas);
            const loaded = document.fonts.check(this.font, value);
            draws.push({ canvas: canvases.indexOf(this.canvas), text: value, font: this.font, loaded });
          }
          fillText.call(this, text, ...rest);
        };
      });
      await logInAsAdmin(page);
      await speak(page, 'bn');
      // A new page in Bangla whose font comes slowly, as on a shop's mobile connection (routing also
      // turns the browser's cache off): a chart that does not wait for it draws first. Without the
      // delay the font came first on this machine, and a chart that did not wait passed too.
      await page.route(/noto-sans-bengali.*\.woff2/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto('/admin/analytics');
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.locator('canvas')).toHaveCount(2);

      const draws = () =>
        page.evaluate(() => (window as unknown as { bengaliDraws: BengaliDraw[] }).bengaliDraws);
      // Both charts drew Bengali (the days, the axis numbers in Bengali digits).
      await expect
        .poll(async () => new Set((await draws()).map((draw) => draw.canvas)).size, {
          timeout: 10_000,
          intervals: [100],
        })
        .toBe(2);
      const drawn = await draws();
      expect(drawn.length).toBeGreaterThan(0);
      for (const draw of drawn) {
        expect(draw.font, `the font of "${draw.text}"`).toContain('Noto Sans Bengali');
        expect(draw.loaded, `Noto Sans Bengali loaded when "${draw.text}" was drawn`).toBe(true);
      }
      // Every number on the axes in Bengali digits, 0 too (Chart.js writes it "0" in any locale).
      const latin = await page.evaluate(
        () => (window as unknown as { latinDigitDraws: string[] }).latinDigitDraws,
      );
      expect(latin, 'texts drawn in Latin digits on a Bangla chart').toEqual([]);
    });
  });
});
