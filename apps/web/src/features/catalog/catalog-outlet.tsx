import { useTranslation } from '../../lib/i18n/i18n';
import './catalog.css';
import { Outlet, useMatch } from 'react-router';
import { searchableText, useSearch } from '../../lib/search';
import { useProductSearch } from './catalog-api';
import { ProductGrid } from './product-grid';
import { SearchResults } from './search-results';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Frame of the catalogue pages (home, category, search). While the top bar's search box holds text
 * and the search found products, the results replace the page ("Search results"); otherwise
 * the page shows. The search waits for typing to pause.
 */
export function CatalogOutlet() {
  const { t } = useTranslation();
  const { search } = useSearch();
  const typed = search.trim();
  const text = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useProductSearch(text);
  // Nothing for a box emptied since (the debounced text lags behind); while the next answer is on
  // its way, the previous results stay.
  const sent = typed === '' ? '' : searchableText(text);
  const shown = sent !== '' ? results.data : undefined;
  // The search page already says "No products found" for its own text: say it once.
  const page = useMatch('/search/:search')?.params.search;
  const pageSaysIt = page !== undefined && searchableText(page.trim()) === sent;
  const foundNothing = shown !== undefined && shown.length === 0 && !results.isPlaceholderData && !pageSaysIt;

  if (shown && shown.length > 0) {
    return (
      <SearchResults text={sent}>
        <ProductGrid products={shown} titleLevel={2} onFirstScreen />
      </SearchResults>
    );
  }
  return (
    <>
      <div role="status">
        {foundNothing && (
          <p className="catalog-note text-secondary">{t('shopCatalog.search.none', { text: sent })}</p>
        )}
      </div>
      <Outlet />
    </>
  );
}
