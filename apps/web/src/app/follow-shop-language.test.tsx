import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, LANGUAGE_STORAGE_KEY, setLanguage, storedLanguage } from '../lib/i18n/i18n';
import { useShopInfo } from '../lib/shop-api';
import { mockFetch } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { FollowShopLanguage } from './follow-shop-language';

const info = (language: string) => ({
  data: {
    name: 'Bazar',
    address: '',
    phone: '',
    payment_numbers: '',
    tz: 'Asia/Dhaka',
    receipt_footer: '',
    language,
  },
});
const routes = [{ path: '/', element: <FollowShopLanguage /> }];

/** FollowShopLanguage with what it reads from the shop's answer shown beside it. */
function ShopLanguageProbe() {
  return (
    <>
      <FollowShopLanguage />
      <output data-testid="shop-language">{useShopInfo().data?.language}</output>
    </>
  );
}

afterEach(async () => {
  await setLanguage('en');
  window.localStorage.clear();
});

describe('FollowShopLanguage', () => {
  it("opens a first visit in the shop's default language, without remembering it", async () => {
    mockFetch({ 'GET /api/shop-info': { body: info('bn') } });
    renderRoutes(routes, '/');
    await waitFor(() => expect(currentLanguage()).toBe('bn'));
    expect(document.documentElement.lang).toBe('bn');
    expect(storedLanguage()).toBeUndefined();
  });

  it('leaves a person’s own choice alone', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    mockFetch({ 'GET /api/shop-info': { body: info('bn') } });
    renderRoutes([{ path: '/', element: <ShopLanguageProbe /> }], '/');
    // The shop's answer is on screen: the component, beside the probe, has had it too…
    await waitFor(() => expect(screen.getByTestId('shop-language')).toHaveTextContent('bn'));
    // …and a switch it started then would be done once the Bangla catalogue has loaded.
    await act(() => import('../lib/i18n/bn'));
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).not.toBe('bn');
  });
});
