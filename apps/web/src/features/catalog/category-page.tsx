import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useParams } from 'react-router';
import { useCategoryPage } from './catalog-api';
import { CatalogState } from './catalog-states';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';

/** /category/{id}: "Category: {title}" and the products of the category and its subcategories. */
export function CategoryPage() {
  const { t } = useTranslation();
  const local = useLocalName();
  const id = useParams().id ?? '';
  const category = useCategoryPage(id);

  return (
    <section className="catalog-section">
      {category.data ? (
        <h1 className="section-title">
          {t('shopCatalog.category.heading', { title: local(category.data.title, category.data.title_bn) })}
        </h1>
      ) : (
        category.isPending && (
          <p className="section-title placeholder-glow" aria-hidden="true">
            <span className="placeholder col-4 col-md-2" />
          </p>
        )
      )}
      <CatalogState
        query={category}
        loading={<ProductGridPlaceholder label={t('common.loading')} />}
        notFound={t('shopCatalog.category.notFound')}
        failed={t('shopCatalog.category.failed')}
        empty={t('shopCatalog.category.empty')}
        isEmpty={(data) => data.products.length === 0}
      >
        {(data) => <ProductGrid products={data.products} titleLevel={2} onFirstScreen />}
      </CatalogState>
    </section>
  );
}
