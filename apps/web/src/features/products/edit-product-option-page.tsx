import { quickEditBody } from '@bazar/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { ProductThumb } from './product-bits';
import { quickEditPayload } from './quick-edit-modal';
import {
  editListKey,
  fetchEditList,
  PRODUCTS_KEY,
  quickEditProduct,
  type ProductListRow,
} from './products-api';
import './products.css';

/** /admin/edit-product-option/{id} (Product List Edit): every product of the variant group in one table. */
export function EditProductOptionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const list = useQuery({
    queryKey: editListKey(id),
    queryFn: () => fetchEditList(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });

  return (
    <section className="card shadow-sm" aria-labelledby="option-edit-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="option-edit-title" className="h4 mb-0 me-auto">
            {t('adminCatalog.optionEdit.title')}
          </h1>
          <Link to="/admin/products" className="btn btn-outline-secondary btn-sm">
            {t('adminCatalog.form.back')}
          </Link>
        </div>
        {!Number.isInteger(id) || id <= 0 || isApiError(list.error, 404) ? (
          <p className="mb-0">{t('adminCatalog.form.notFound')}</p>
        ) : list.isPending ? (
          <PageSpinner />
        ) : list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="text-secondary mb-0">{t('adminCatalog.optionEdit.empty')}</p>
        ) : (
          <OptionTable key={list.dataUpdatedAt} rows={list.data} groupId={id} />
        )}
      </div>
    </section>
  );
}

type Key = 'attri' | 'offprice' | 'price' | 'qty';
type RowValues = Record<Key, string>;
type RowErrors = Partial<Record<Key, string>>;

const toValues = (row: ProductListRow): RowValues => ({
  attri: row.attri,
  offprice: row.offprice === null ? '' : String(row.offprice),
  price: String(row.price),
  qty: String(row.qty),
});

function OptionTable({ rows, groupId }: { rows: ProductListRow[]; groupId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<number, RowValues>>(() =>
    Object.fromEntries(rows.map((row) => [row.id, toValues(row)])),
  );
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (rowId: number, key: Key, text: string) =>
    setValues((current) => ({ ...current, [rowId]: { ...current[rowId]!, [key]: text } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const all = rows.map((row) => ({ row, value: values[row.id] ?? toValues(row) }));
    if (all.some(({ value }) => !value.price.trim() || !value.qty.trim())) {
      setMessage(t('adminCatalog.quickEdit.required'));
      return;
    }
    setMessage(null);
    const found: Record<number, RowErrors> = {};
    const bodies = all.map(({ row, value }) => {
      const parsed = quickEditBody.safeParse(value);
      if (!parsed.success) {
        const rowErrors: RowErrors = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as Key;
          rowErrors[key] =
            key === 'qty'
              ? t('adminCatalog.common.quantity')
              : key === 'attri'
                ? issue.message
                : t('adminCatalog.common.wholeTaka');
        }
        found[row.id] = rowErrors;
        return null;
      }
      return {
        id: row.id,
        body: { ...quickEditPayload(value, parsed.data), attri: parsed.data.attri ?? '' },
      };
    });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }

    // One call per row (spec §7), one after the other.
    setPending(true);
    try {
      for (const item of bodies) {
        if (!item) continue;
        try {
          await quickEditProduct(item.id, item.body);
        } catch (error) {
          if (isApiError(error, 422) && error.errors) {
            const serverErrors = error.errors;
            const rowErrors: RowErrors = {};
            for (const key of ['attri', 'offprice', 'price', 'qty'] as const)
              rowErrors[key] = serverErrors[key]?.[0];
            setErrors({ [item.id]: rowErrors });
          }
          setMessage(serverMessage(error, t('common.somethingWrong')));
          return;
        }
      }
      toast.success(t('adminCatalog.optionEdit.saved'));
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: editListKey(groupId), refetchType: 'none' });
    }
  };

  const cell = (row: ProductListRow, key: Key, label: string, options: CellOptions) => {
    const error = errors[row.id]?.[key];
    const id = `option-${row.id}-${key}`;
    return (
      <td>
        <input
          id={id}
          className={`form-control form-control-sm ${options.wide ? 'cell-input-wide' : 'cell-input'}${
            error ? ' is-invalid' : ''
          }`}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          step={options.step}
          min={options.min}
          value={values[row.id]?.[key] ?? ''}
          onChange={(event) => change(row.id, key, event.target.value)}
        />
        {error && (
          <div id={`${id}-error`} className="invalid-feedback">
            {error}
          </div>
        )}
      </td>
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className="table-responsive position-relative">
        <table className="table admin-table mb-3">
          <thead>
            <tr>
              <th scope="col">{t('adminCatalog.optionEdit.columns.image')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.title')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.attri')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.beforePrice')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.price')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.qty')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              // Variants share a title: the attribute they had when the page opened tells them apart.
              const title = row.attri ? `${row.title} (${row.attri})` : row.title;
              return (
                <tr key={row.id}>
                  <td>
                    <ProductThumb image={row.image} />
                  </td>
                  <td className="title-cell">{row.title}</td>
                  {cell(row, 'attri', t('adminCatalog.optionEdit.attriOf', { title }), { wide: true })}
                  {cell(row, 'offprice', t('adminCatalog.optionEdit.beforePriceOf', { title }), NUMBER)}
                  {cell(row, 'price', t('adminCatalog.optionEdit.priceOf', { title }), NUMBER)}
                  {cell(row, 'qty', t('adminCatalog.optionEdit.qtyOf', { title }), DECIMAL)}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {message && (
        <div className="alert alert-danger py-2" role="alert">
          {message}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {t('adminCatalog.optionEdit.submit')}
      </button>
    </form>
  );
}

interface CellOptions {
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  step?: string;
  min?: string;
  wide?: boolean;
}

const NUMBER: CellOptions = { type: 'number', inputMode: 'numeric', step: '1', min: '0' };
const DECIMAL: CellOptions = { type: 'number', inputMode: 'decimal', step: '0.01' };
