import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { checked } from '../../test/import-report';
import { renderRoutes } from '../../test/render';
import { mockXhr } from '../../test/xhr-mock';
import { CustomersPage } from './customers-page';

describe('the customers import screen', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('imports customers from the customers list, without pictures, in Bangla too', async () => {
    localStorage.setItem('info', 'admin-token');
    await act(() => setLanguage('bn'));
    const sent = mockXhr({
      'POST /api/customer/import': (body) => ({
        body: {
          data: checked({
            dry_run: body.get('dry_run') === '1',
            applied: body.get('dry_run') !== '1',
            created: 2,
            updated: 0,
            refused: 0,
            errors: [],
            results: [
              { row: 2, action: 'create', title: 'রহিম' },
              { row: 3, action: 'create', title: 'Karim' },
            ],
            new_brands: undefined,
            new_categories: undefined,
          }),
        },
      }),
    });
    mockApi({ 'GET /api/customers': pageOf([], { perPage: 20 }) });
    renderRoutes([{ path: '/admin/customers', element: <CustomersPage /> }], '/admin/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'ইমপোর্ট' }));
    const dialog = await screen.findByRole('dialog', { name: 'কাস্টমার ইমপোর্ট' });
    expect(within(dialog).queryByLabelText(/জিপ/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('ফাইল (CSV বা XLSX)'), {
      target: { files: [new File(['name,phone\n'], 'customers.csv')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ফাইল যাচাই করুন' }));
    expect(await within(dialog).findByText('রহিম')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ইমপোর্ট করুন' }));
    expect(await within(dialog).findByText(/ইমপোর্ট হয়েছে: নতুন ২টি/)).toBeVisible();
    expect(sent.map((s) => s.key)).toEqual(['POST /api/customer/import', 'POST /api/customer/import']);
    expect(sent[1]?.headers['accept-language']).toBe('bn');
  });
});
