import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/i18n';
import type { Product } from './catalog-api';
import { CatalogState } from './catalog-states';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';

interface ProductSectionProps {
  id: string;
  title: string;
  query: UseQueryResult<Product[]>;
  emptyText: string;
  failedText: string;
  /** The first section of the page: its first row's pictures load at once. */
  onFirstScreen?: boolean;
}

/** A titled product grid on the home page, with its loading, empty and failed states. */
export function ProductSection({
  id,
  title,
  query,
  emptyText,
  failedText,
  onFirstScreen = false,
}: ProductSectionProps) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  return (
    <section className="catalog-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      <CatalogState
        query={query}
        loading={<ProductGridPlaceholder label={t('common.loading')} />}
        failed={failedText}
        empty={emptyText}
        isEmpty={(products) => products.length === 0}
      >
        {(products) => <ProductGrid products={products} onFirstScreen={onFirstScreen} />}
      </CatalogState>
    </section>
  );
}
