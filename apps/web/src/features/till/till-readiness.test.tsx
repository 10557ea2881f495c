import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeProduct, storeCatalog } from './offline/catalog-test-data';
import { tillDb } from './offline/till-db';
import { META_KEYS } from './offline/till-meta';
import { STALE_AFTER_MS, TillOfflineReadiness } from './till-sync-status';

/** Issue 26: the till says how ready it is for an outage, from what its store holds. */
const db = tillDb();

afterEach(async () => {
  await db.products.clear();
  await db.meta.clear();
});

const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Dhaka',
  }).format(new Date(iso));

/** The line on a till page, with the shop's clock in Dhaka. */
function showReadiness() {
  mockApi({
    'GET /api/shop-info': {
      data: {
        name: 'Bazar',
        address: '',
        phone: '',
        payment_numbers: '',
        tz: 'Asia/Dhaka',
        receipt_footer: '',
      },
    },
  });
  renderRoutes([{ path: '/admin/pos', element: <TillOfflineReadiness /> }], '/admin/pos');
}

describe('the offline readiness line', () => {
  it('names the products and the time of the last sync that found the copy current', async () => {
    await storeCatalog(db, [makeProduct(), makeProduct(), makeProduct()]);
    const checked = new Date(Date.now() - 60_000).toISOString();
    await db.meta.put({ key: META_KEYS.catalogChecked, value: checked });
    showReadiness();
    expect(await screen.findByTestId('till-readiness')).toHaveTextContent(
      `Ready offline: 3 products, updated ${clock(checked)}`,
    );
  });

  it('warns when the copy is older than ten minutes', async () => {
    await storeCatalog(db, [makeProduct()]);
    const checked = new Date(Date.now() - STALE_AFTER_MS - 5 * 60_000).toISOString();
    await db.meta.put({ key: META_KEYS.catalogChecked, value: checked });
    showReadiness();
    expect(await screen.findByTestId('till-readiness')).toHaveTextContent(
      `Offline copy is 15 minutes old (1 product, updated ${clock(checked)})`,
    );
  });

  it('warns when there is no copy yet', async () => {
    showReadiness();
    expect(await screen.findByTestId('till-readiness')).toHaveTextContent(
      'Not ready offline yet: the products are still being copied to this computer',
    );
  });
});
