import { useTranslation } from '../../lib/i18n/i18n';
import { useParams } from 'react-router';
import { searchableText } from '../../lib/search';
import { useProductSearch } from './catalog-api';
import { CatalogState, ListEmpty } from './catalog-states';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';
import { SearchResults } from './search-results';

/** /search/{search}: "Search Result" for the text in the address. */
export function SearchPage() {
  const { t } = useTranslation();
  const text = (useParams().search ?? '').trim();
  const sent = searchableText(text);
  const results = useProductSearch(sent);
  return (
    <SearchResults text={sent}>
      {sent === '' ? (
        <ListEmpty text={t('shopCatalog.search.tooShort')} />
      ) : (
        <CatalogState
          query={results}
          // keepPreviousData shows the last text's results while the new one loads; not on this page.
          waiting={results.isPlaceholderData}
          loading={<ProductGridPlaceholder label={t('common.loading')} />}
          failed={t('shopCatalog.search.failed')}
          empty={t('shopCatalog.search.none', { text })}
          isEmpty={(products) => products.length === 0}
        >
          {(products) => <ProductGrid products={products} titleLevel={2} onFirstScreen />}
        </CatalogState>
      )}
    </SearchResults>
  );
}
