import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import type { Product } from './catalog-api';
import { makeProduct } from './make-product';
import { ProductGrid } from './product-grid';
import { groupSizes } from './size-picker';

const rice = [
  makeProduct({ id: 101, title: 'Miniket Rice', attri: '25 kg', price: 1850, group_id: 100 }),
  makeProduct({ id: 102, title: 'Miniket Rice', attri: '5 kg', price: 365, offprice: 350, group_id: 100 }),
  makeProduct({ id: 103, title: 'Miniket Rice', attri: '1 kg', price: 78, group_id: 100 }),
];
const eggs = makeProduct({ id: 200, title: 'Eggs (Farm)', attri: '12 pcs', price: 150, group_id: 200 });

const renderGrid = (products: Product[]) =>
  renderRoutes([{ path: '/', element: <ProductGrid products={products} /> }], '/');

describe('groupSizes', () => {
  it('puts the sizes of one product together where the group first appears, cheapest first', () => {
    const groups = groupSizes([rice[0]!, eggs, rice[1]!, rice[2]!]);
    expect(groups.map((g) => g.first.id)).toEqual([101, 200]);
    expect(groups[0]!.sizes.map((p) => p.attri)).toEqual(['1 kg', '5 kg', '25 kg']);
    expect(groups[1]!.sizes).toEqual([eggs]);
  });
});

describe('one card per product with a size picker', () => {
  it('shows the sizes of a product saved with variations as one card; picking a size changes price and cart line', async () => {
    mockApi({});
    renderGrid([...rice, eggs]);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const card = screen.getByRole('article', { name: 'Miniket Rice' });
    const sizes = within(card).getByRole('group', { name: 'Size of Miniket Rice' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((r) => r.nextSibling?.textContent),
    ).toEqual(['1 kg', '5 kg', '25 kg']);
    // The list's first size is shown until another is picked.
    expect(within(card).getByRole('radio', { name: '25 kg' })).toBeChecked();
    expect(within(card).getByText('1,850 BDT')).toBeVisible();

    fireEvent.click(within(card).getByRole('radio', { name: '5 kg' }));
    expect(within(card).getByText('350 BDT')).toBeVisible();
    expect(within(card).queryByText('1,850 BDT')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Add to cart' }));
    const stored = JSON.parse(localStorage.getItem('carts') ?? '[]') as Array<{
      product_id: number;
      atrri: string;
    }>;
    expect(stored.map((l) => [l.product_id, l.atrri])).toEqual([[102, '5 kg']]);

    // No picker on a product with one size: its attribute shows as text.
    const eggCard = screen.getByRole('article', { name: 'Eggs (Farm)' });
    expect(within(eggCard).queryByRole('radio')).toBeNull();
    expect(within(eggCard).getByText('12 pcs')).toBeVisible();
  });

  it('opens the modal on the chosen size, and the modal picks sizes too', async () => {
    mockApi({});
    renderGrid(rice);
    const card = screen.getByRole('article', { name: 'Miniket Rice' });
    fireEvent.click(within(card).getByRole('radio', { name: '1 kg' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Miniket Rice' }));
    const modal = await screen.findByRole('dialog', { name: 'Miniket Rice' });
    expect(within(modal).getByRole('radio', { name: '1 kg' })).toBeChecked();
    expect(within(modal).getByText('78 BDT')).toBeVisible();
    fireEvent.click(within(modal).getByRole('radio', { name: '25 kg' }));
    expect(within(modal).getByText('1,850 BDT')).toBeVisible();
    fireEvent.click(within(modal).getByRole('button', { name: 'Add to cart' }));
    const stored = JSON.parse(localStorage.getItem('carts') ?? '[]') as Array<{ product_id: number }>;
    expect(stored.map((l) => l.product_id)).toContain(101);
  });
});
