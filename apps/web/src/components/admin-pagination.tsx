import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from '../lib/i18n/i18n';
import './admin-pagination.css';

/** The `meta` of the spec's resource pagination (only what the control needs). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

interface AdminPaginationProps {
  meta: PageMeta;
  onChange: (page: number) => void;
  /** How many page numbers around the current one; 0 shows every page (the spec's default). */
  limit?: number;
  size?: 'sm' | 'lg';
}

/** The page numbers to show: all of them, or a window around the current page plus first and last. */
function pageWindow(current: number, last: number, limit: number): (number | 'gap')[] {
  if (limit <= 0 || last <= limit + 2) return Array.from({ length: last }, (_, i) => i + 1);
  const half = Math.floor(limit / 2);
  const start = Math.max(2, Math.min(current - half, last - limit));
  const end = Math.min(last - 1, start + limit - 1);
  const pages: (number | 'gap')[] = [1];
  if (start > 2) pages.push('gap');
  for (let page = start; page <= end; page += 1) pages.push(page);
  if (end < last - 1) pages.push('gap');
  pages.push(last);
  return pages;
}

/**
 * Right-aligned page links for a paginated list: hidden when everything
 * fits on one page; small by default.
 */
export function AdminPagination({ meta, onChange, limit = 0, size = 'sm' }: AdminPaginationProps) {
  const { t, formatNumber } = useTranslation();
  if (meta.total <= meta.per_page) return null;
  const { current_page: current, last_page: last } = meta;
  return (
    <nav aria-label={t('adminCatalog.common.pages')}>
      <Pagination size={size} className="admin-pagination justify-content-end flex-wrap mb-0">
        {/* Items, not Prev/Next: those carry react-bootstrap's English "Previous" and "Next" hidden text. */}
        <Pagination.Item
          disabled={current <= 1}
          onClick={() => onChange(current - 1)}
          aria-label={t('adminCatalog.common.previous')}
        >
          <span aria-hidden="true">‹</span>
        </Pagination.Item>
        {pageWindow(current, last, limit).map((page, index) =>
          page === 'gap' ? (
            <Pagination.Item key={`gap-${index}`} disabled aria-hidden="true">
              …
            </Pagination.Item>
          ) : (
            <Pagination.Item
              key={page}
              active={page === current}
              activeLabel=""
              aria-current={page === current ? 'page' : undefined}
              onClick={() => onChange(page)}
              aria-label={t('adminCatalog.common.page', { page: formatNumber(page) })}
            >
              {formatNumber(page)}
            </Pagination.Item>
          ),
        )}
        <Pagination.Item
          disabled={current >= last}
          onClick={() => onChange(current + 1)}
          aria-label={t('adminCatalog.common.next')}
        >
          <span aria-hidden="true">›</span>
        </Pagination.Item>
      </Pagination>
    </nav>
  );
}

/** Under a paged list: "1–20 of 53" (`count`) on the left, the page links on the right. */
export function AdminListFooter({ count, ...pagination }: AdminPaginationProps & { count: string }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span className="small text-secondary me-auto">{count}</span>
      <AdminPagination {...pagination} />
    </div>
  );
}
