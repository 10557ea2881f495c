import type { FoundProduct } from '@bazar/contracts/catalog';
import { stocktakeCreateBody, type StocktakeCreateBody } from '@bazar/contracts/stocktakes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { StaffProductSearch } from '../../components/staff-product-search';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { toast } from '../../lib/toast';
import {
  BRANDS_KEY,
  CATEGORIES_KEY,
  fetchBrands,
  fetchCategories,
  flattenCategories,
} from '../products/products-api';
import { refreshStocktakes, startStocktake, type Stocktake } from './stocktakes-api';

const KINDS = ['everything', 'category', 'brand', 'products'] as const;
type Kind = (typeof KINDS)[number];

type Chosen = Pick<FoundProduct, 'id' | 'title' | 'title_bn' | 'attri' | 'attri_bn'>;

/**
 * The form inside the dialog: what to count (everything, a category with its subcategories, a
 * brand, or products chosen by search), sent as the one scope POST /api/stocktakes takes.
 */
function StartCountForm({ onClose, onStarted }: { onClose: () => void; onStarted: (s: Stocktake) => void }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('everything');
  const [categoryId, setCategoryId] = useState('');
  const [brandId, setBrandId] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The lists are read only when the counter picks them: a count of everything needs neither.
  const categories = useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: fetchCategories,
    enabled: kind === 'category',
  });
  const brands = useQuery({ queryKey: BRANDS_KEY, queryFn: fetchBrands, enabled: kind === 'brand' });
  const flat = useMemo(() => flattenCategories(categories.data ?? []), [categories.data]);

  const bodyOf = (): StocktakeCreateBody | string => {
    if (kind === 'category')
      return categoryId ? { category_id: Number(categoryId) } : t('stocktakes.start.needCategory');
    if (kind === 'brand') return brandId ? { brand_id: Number(brandId) } : t('stocktakes.start.needBrand');
    if (kind === 'products') {
      return chosen.length > 0
        ? { product_ids: chosen.map((p) => p.id) }
        : t('stocktakes.start.needProducts');
    }
    return {};
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = bodyOf();
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    // The contracts' own rules (one scope, at most 5,000 products) before the server's.
    const checked = stocktakeCreateBody.safeParse(body);
    if (!checked.success) {
      setFailure(t('stocktakes.start.failed'));
      return;
    }
    setProblem(null);
    setSubmitting(true);
    try {
      const started = await startStocktake(body);
      toast.success(t('stocktakes.start.started', { id: started.id, count: started.lines }));
      void refreshStocktakes(queryClient);
      onStarted(started);
    } catch (error) {
      setFailure(serverMessage(error, t('stocktakes.start.failed')));
    } finally {
      setSubmitting(false);
    }
  };

  const choose = (next: Kind) => {
    setKind(next);
    setProblem(null);
  };

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      failure={failure}
      submitLabel={t('stocktakes.start.submit')}
      onClose={onClose}
    >
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">{t('stocktakes.start.what')}</legend>
        {KINDS.map((k) => (
          <div key={k} className="form-check">
            <input
              id={`start-kind-${k}`}
              className="form-check-input"
              type="radio"
              name="start-kind"
              value={k}
              checked={kind === k}
              onChange={() => choose(k)}
            />
            <label htmlFor={`start-kind-${k}`} className="form-check-label">
              {t(`stocktakes.start.${k}`)}
            </label>
          </div>
        ))}
      </fieldset>

      {kind === 'category' && (
        <div className="mb-3">
          <label htmlFor="start-category" className="form-label">
            {t('stocktakes.start.categoryField')}
          </label>
          <select
            id="start-category"
            className={`form-select${problem ? ' is-invalid' : ''}`}
            value={categoryId}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy('start-category', { error: problem })}
            onChange={(event) => {
              setCategoryId(event.target.value);
              setProblem(null);
            }}
          >
            <option value="">{t('stocktakes.start.chooseCategory')}</option>
            {flat.map((c) => (
              <option key={c.id} value={c.id}>
                {/* Subcategories indented under their parent, as the menu nests them. */}
                {`${'\u00a0\u00a0'.repeat(c.depth)}${name(c.title, c.title_bn)}`}
              </option>
            ))}
          </select>
          <FieldError id="start-category" message={problem ?? undefined} />
        </div>
      )}

      {kind === 'brand' && (
        <div className="mb-3">
          <label htmlFor="start-brand" className="form-label">
            {t('stocktakes.start.brandField')}
          </label>
          <select
            id="start-brand"
            className={`form-select${problem ? ' is-invalid' : ''}`}
            value={brandId}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy('start-brand', { error: problem })}
            onChange={(event) => {
              setBrandId(event.target.value);
              setProblem(null);
            }}
          >
            <option value="">{t('stocktakes.start.chooseBrand')}</option>
            {(brands.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {name(b.title, b.title_bn)}
              </option>
            ))}
          </select>
          <FieldError id="start-brand" message={problem ?? undefined} />
        </div>
      )}

      {kind === 'products' && (
        <>
          <StaffProductSearch
            id="start-product"
            min={2}
            labels={{
              search: t('stocktakes.start.search'),
              placeholder: t('stocktakes.start.searchPlaceholder'),
              help: t('stocktakes.start.searchHelp'),
              suggestions: t('stocktakes.start.suggestions'),
              noMatch: t('stocktakes.start.noMatch'),
            }}
            // The barcode, never the quantity in stock: counting is blind.
            price={(product) => product.barcode}
            onPick={(product) => {
              setProblem(null);
              setChosen((list) => (list.some((p) => p.id === product.id) ? list : [...list, product]));
            }}
          />
          <h3 className="h6" id="start-chosen-title">
            {t('stocktakes.start.chosen')}
          </h3>
          {chosen.length === 0 ? (
            <p className={`small mb-0 ${problem ? 'text-danger' : 'text-secondary'}`}>
              {problem ?? t('stocktakes.start.noneChosen')}
            </p>
          ) : (
            <ul className="list-group mb-0" aria-labelledby="start-chosen-title">
              {chosen.map((p) => {
                const title = [name(p.title, p.title_bn), name(p.attri, p.attri_bn)]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <li key={p.id} className="list-group-item d-flex align-items-center gap-2 py-1">
                    <span className="me-auto">{title}</span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('stocktakes.start.remove', { name: title })}
                      onClick={() => setChosen((list) => list.filter((q) => q.id !== p.id))}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <p className="small text-secondary mt-3 mb-0">{t('stocktakes.start.books')}</p>
    </ModalForm>
  );
}

/** "Start a count": the dialog; a started count goes to `onStarted` (the page opens its counting). */
export function StartCountModal({
  show,
  onClose,
  onStarted,
}: {
  show: boolean;
  onClose: () => void;
  onStarted: (stocktake: Stocktake) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal show={show} id="start-count" title={t('stocktakes.start.title')} onClose={onClose}>
      <StartCountForm onClose={onClose} onStarted={onStarted} />
    </FormModal>
  );
}
