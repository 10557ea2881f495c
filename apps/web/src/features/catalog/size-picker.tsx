import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import type { Product } from './catalog-api';

interface SizePickerProps {
  /** The sizes of one product (a product saved with variations), two or more. */
  sizes: readonly Product[];
  selected: Product;
  onSelect: (product: Product) => void;
  /** The product's title: names the group for screen readers ("Size of Miniket Rice"). */
  title: string;
  small?: boolean;
}

/**
 * The sizes of one product as a row of radio buttons (arrow keys move between them, as a radio
 * group does): the card and the modal show the chosen size's price, picture and button.
 */
export function SizePicker({ sizes, selected, onSelect, title, small = true }: SizePickerProps) {
  const { t } = useTranslation();
  const local = useLocalName();
  const name = useId();
  return (
    <fieldset className="size-picker">
      <legend className="visually-hidden">{t('shopCatalog.product.sizeOf', { title })}</legend>
      <div className="d-flex flex-wrap gap-1">
        {sizes.map((size) => {
          const id = `${name}-${size.id}`;
          return (
            <span key={size.id}>
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                checked={size.id === selected.id}
                onChange={() => onSelect(size)}
              />
              <label
                className={`btn btn-outline-secondary size-option${small ? ' btn-sm' : ''}`}
                htmlFor={id}
              >
                {local(size.attri, size.attri_bn) ||
                  t('common.price', { amount: size.offprice ?? size.price })}
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The products of a list with the sizes of one product together: one entry per group (group_id),
 * where the group first appears, its sizes cheapest first. The entry's product is the size the
 * list put first (the one shown until the shopper picks another).
 */
export function groupSizes(products: readonly Product[]): Array<{ first: Product; sizes: Product[] }> {
  const groups = new Map<number, { first: Product; sizes: Product[] }>();
  for (const product of products) {
    const group = groups.get(product.group_id);
    if (group) group.sizes.push(product);
    else groups.set(product.group_id, { first: product, sizes: [product] });
  }
  return [...groups.values()].map((g) => ({
    first: g.first,
    sizes: g.sizes.sort((a, b) => (a.offprice ?? a.price) - (b.offprice ?? b.price) || a.id - b.id),
  }));
}
