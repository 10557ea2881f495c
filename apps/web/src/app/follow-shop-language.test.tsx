import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, LANGUAGE_STORAGE_KEY, setLanguage, storedLanguage } from '../lib/i18n/i18n';
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
    const fetchMock = mockFetch({ 'GET /api/shop-info': { body: info('bn') } });
    renderRoutes(routes, '/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentLanguage()).toBe('en');
  });
});
