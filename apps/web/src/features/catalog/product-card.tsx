import { useState } from 'react';
import { useLocalName } from '../../lib/names';
import type { Product } from './catalog-api';
import { ProductAction } from './product-action';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { SizePicker } from './size-picker';

interface ProductCardProps {
  product: Product;
  /** The product's sizes (a product saved with variations), cheapest first; one entry: no picker. */
  sizes?: readonly Product[];
  onOpen: (product: Product, sizes: readonly Product[]) => void;
  /** The title's heading level: one below the heading the grid stands under (h1 or h2). */
  titleLevel: 2 | 3;
  /** Load the picture at once (the first screen's cards), not when scrolled near. */
  eager?: boolean;
}

/**
 * Image, title, attribute (or the size picker), price and the action button. The image and the
 * title open the detail modal; the title is the button keyboards and screen readers use, the image
 * the mouse's and finger's larger target (a second button with the same name would only repeat it).
 */
export function ProductCard({
  product,
  sizes = [product],
  onOpen,
  titleLevel,
  eager = false,
}: ProductCardProps) {
  const [chosen, setChosen] = useState(product);
  // The list may have been refreshed (prices, stock): show the chosen size's current row.
  const shown = sizes.find((size) => size.id === chosen.id) ?? product;
  const titleId = `product-${product.id}-title`;
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const open = () => onOpen(shown, sizes);
  const local = useLocalName();
  const title = local(shown.title, shown.title_bn);
  const attri = local(shown.attri, shown.attri_bn);
  return (
    <article className="card product-card h-100" aria-labelledby={titleId}>
      <div className="product-card-thumb" onClick={open}>
        <ProductImage src={shown.image} alt={title} size={400} lazy={!eager} />
      </div>
      <div className="card-body d-flex flex-column gap-1 p-2">
        <Title className="product-title mb-0" id={titleId}>
          <button type="button" className="product-title-btn" onClick={open}>
            {title}
          </button>
        </Title>
        {sizes.length > 1 ? (
          <SizePicker sizes={sizes} selected={shown} onSelect={setChosen} title={title} />
        ) : (
          attri && <p className="product-attri mb-0">{attri}</p>
        )}
        <ProductPrice product={shown} />
        <div className="mt-auto pt-1">
          <ProductAction product={shown} />
        </div>
      </div>
    </article>
  );
}
