import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { useCategoryPage } from './catalog-api';
import { ListEmpty, ListFailed } from './catalog-states';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';

/** /category/{id}: "Category: {title}" and the products of the category and its subcategories. */
export function CategoryPage() {
  const { t } = useTranslation();
  const local = useLocalName();
  const id = useParams().id ?? '';
  const category = useCategoryPage(id);

  let body;
  if (category.isPending) body = <ProductGridPlaceholder label={t('common.loading')} />;
  else if (category.isError) {
    body =
      isApiError(category.error, 404) || isApiError(category.error, 422) ? (
        <ListEmpty text={t('shopCatalog.category.notFound')} />
      ) : (
        <ListFailed text={t('shopCatalog.category.failed')} onRetry={() => void category.refetch()} />
      );
  } else if (category.data.products.length === 0) {
    body = <ListEmpty text={t('shopCatalog.category.empty')} />;
  } else body = <ProductGrid products={category.data.products} titleLevel={2} onFirstScreen />;

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
      {body}
    </section>
  );
}
