import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMPTY_SHOP_PAGES, type ShopPages } from '@bazar/contracts/shop-pages';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { ShopPagesCard } from './shop-pages-card';

describe("Setting's storefront pages card", () => {
  it("saves the pages' texts and the social links; a link must be a whole address", async () => {
    const fetchMock = mockApi({
      'GET /api/shop-pages': { data: EMPTY_SHOP_PAGES },
      'POST /api/shop-pages': ({ body }) => ({ data: body as ShopPages }),
    });
    renderRoutes([{ path: '/', element: <ShopPagesCard /> }], '/');
    const about = await screen.findByLabelText('About Us (English)');
    fireEvent.change(about, { target: { value: 'A family shop in Mirpur.' } });
    fireEvent.change(screen.getByLabelText('Privacy Policy (Bangla)'), {
      target: { value: 'আপনার নম্বর শুধু অর্ডারের জন্য।' },
    });
    const facebook = screen.getByLabelText('Facebook page address');
    fireEvent.change(facebook, { target: { value: 'facebook.com/bazar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pages' }));
    expect(await screen.findByText('Write the whole address, starting with https://')).toBeVisible();
    expect(facebook).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(facebook, { target: { value: 'https://facebook.com/bazar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pages' }));
    expect(await screen.findByText('Pages saved')).toBeVisible();
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/shop-pages')).toEqual({
        pages: {
          about: { en: 'A family shop in Mirpur.', bn: '' },
          terms: { en: '', bn: '' },
          privacy: { en: '', bn: 'আপনার নম্বর শুধু অর্ডারের জন্য।' },
        },
        social: { facebook: 'https://facebook.com/bazar', instagram: '', youtube: '' },
      }),
    );
  });
});
