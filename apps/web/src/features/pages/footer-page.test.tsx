import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopLayout } from '../../app/shop/shop-layout';
import { EMPTY_SHOP_PAGES, type ShopPages } from '@bazar/contracts/shop-pages';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AboutPage, PrivacyPage, TermsPage } from './footer-page';

const written: ShopPages = {
  pages: {
    about: {
      en: 'We are a family shop in Mirpur.\n\nOpen 8 am to 10 pm.',
      bn: 'আমরা মিরপুরের একটি পারিবারিক দোকান।',
    },
    terms: { en: 'Check the product before receiving.', bn: '' },
    privacy: { en: '', bn: '' },
  },
  social: {
    facebook: 'https://facebook.com/bazar.shop',
    instagram: '',
    youtube: 'https://youtube.com/@bazar',
  },
};

function renderShop(pages: ShopPages, path: string) {
  mockApi({ 'GET /api/categories': { data: [] }, 'GET /api/shop-pages': { data: pages } });
  return renderRoutes(
    [
      {
        path: '/',
        element: <ShopLayout />,
        children: [
          { path: 'about', element: <AboutPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
        ],
      },
    ],
    path,
  );
}

describe('the footer pages', () => {
  afterEach(() => act(() => setLanguage('en')));

  it("show the owner's text in paragraphs; the footer links go to them", async () => {
    renderShop(written, '/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(await screen.findByText('We are a family shop in Mirpur.')).toBeVisible();
    expect(screen.getByText('Open 8 am to 10 pm.')).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    fireEvent.click(within(footer).getByRole('link', { name: 'Terms & Conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
    expect(screen.getByText('Check the product before receiving.')).toBeVisible();
    fireEvent.click(within(footer).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByText('The shop has not written this page yet.')).toBeVisible();
  });

  it('in Bangla show the Bangla text, or the English one where none was written', async () => {
    await act(() => setLanguage('bn'));
    renderShop(written, '/about');
    expect(await screen.findByText('আমরা মিরপুরের একটি পারিবারিক দোকান।')).toBeVisible();
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'শর্তাবলি' }));
    expect(await screen.findByText('Check the product before receiving.')).toBeVisible();
  });

  it('the footer shows a social icon only where the owner gave its address', async () => {
    renderShop(written, '/about');
    const social = await screen.findByRole('list', { name: 'Follow us' });
    const links = within(social).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Facebook', 'https://facebook.com/bazar.shop'],
      ['YouTube', 'https://youtube.com/@bazar'],
    ]);
    expect(links.every((l) => l.getAttribute('rel') === 'noopener noreferrer')).toBe(true);
  });

  it('no social addresses: no icons at all', async () => {
    renderShop(EMPTY_SHOP_PAGES, '/about');
    await screen.findByText('The shop has not written this page yet.');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Follow us' })).toBeNull());
    expect(within(screen.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(3);
  });
});
