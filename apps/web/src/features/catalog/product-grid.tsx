import './catalog.css';
import { lazy, Suspense, useState } from 'react';
import type { Product } from './catalog-api';
import { ProductCard } from './product-card';
import { groupSizes } from './size-picker';

// The modal (and react-bootstrap's Modal) is fetched on the first open, not with the first screen.
const ProductModal = lazy(() => import('./product-modal').then((m) => ({ default: m.ProductModal })));

interface ProductGridProps {
  products: Product[];
  /** Under a page's h1 (category, search) the product titles are h2; under a section's h2, h3. */
  titleLevel?: 2 | 3;
  /** The grid is at the top of the page: its first row's pictures load at once (the largest paint). */
  onFirstScreen?: boolean;
}

/** A row at the widest (6 columns): the cards whose pictures are in view without scrolling. */
const FIRST_ROW = 6;

/**
 * Product cards, 2/3/4/6 columns by screen width, with the detail modal of the opened one. The
 * sizes of one product (a product saved with variations) share one card with a size picker.
 */
export function ProductGrid({ products, titleLevel = 3, onFirstScreen = false }: ProductGridProps) {
  // Open: the modal shows; `shown` stays mounted while the modal fades out.
  const [isOpen, setIsOpen] = useState(false);
  const [shown, setShown] = useState<{ product: Product; sizes: readonly Product[] } | null>(null);

  const open = (product: Product, sizes: readonly Product[]) => {
    setShown({ product, sizes });
    setIsOpen(true);
  };

  return (
    <>
      <ul className="product-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-6 g-2 g-md-3 list-unstyled mb-0">
        {groupSizes(products).map(({ first, sizes }, index) => (
          <li key={first.id} className="col">
            <ProductCard
              product={first}
              sizes={sizes}
              onOpen={open}
              titleLevel={titleLevel}
              eager={onFirstScreen && index < FIRST_ROW}
            />
          </li>
        ))}
      </ul>
      {shown && (
        <Suspense fallback={null}>
          <ProductModal
            key={shown.product.id}
            product={shown.product}
            sizes={shown.sizes}
            show={isOpen}
            onHide={() => setIsOpen(false)}
            onExited={() => setShown(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Grey cards in the grid's shape while the products are on their way (no jump when they arrive). */
export function ProductGridPlaceholder({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul
        className="product-grid row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-6 g-2 g-md-3 list-unstyled mb-0 placeholder-glow"
        aria-hidden="true"
      >
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="col">
            <div className="card product-card h-100">
              <div className="product-card-thumb">
                <span className="product-image placeholder" />
              </div>
              <div className="card-body p-2 d-flex flex-column gap-2">
                <span className="placeholder col-10" />
                <span className="placeholder col-6" />
                <span className="placeholder col-12 placeholder-lg rounded" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
