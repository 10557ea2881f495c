import { useTranslation } from '../../lib/i18n/i18n';
import { useParams } from 'react-router';
import { searchableText } from '../../lib/search';
import { useProductSearch } from './catalog-api';
import { ListEmpty, ListFailed } from './catalog-states';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';
import { SearchResults } from './search-results';

/** /search/{search}: "Search Result" for the text in the address. */
export function SearchPage() {
  const { t } = useTranslation();
  const text = (useParams().search ?? '').trim();
  const sent = searchableText(text);
  const results = useProductSearch(sent);
  // keepPreviousData shows the last text's results while the new one loads; not on this page.
  const products = results.isPlaceholderData ? undefined : results.data;

  let body;
  if (sent === '') body = <ListEmpty text={t('shopCatalog.search.tooShort')} />;
  else if (results.isError) {
    body = <ListFailed text={t('shopCatalog.search.failed')} onRetry={() => void results.refetch()} />;
  } else if (!products) body = <ProductGridPlaceholder label={t('common.loading')} />;
  else if (products.length === 0) body = <ListEmpty text={t('shopCatalog.search.none', { text })} />;
  else body = <ProductGrid products={products} titleLevel={2} onFirstScreen />;

  return <SearchResults text={sent}>{body}</SearchResults>;
}
