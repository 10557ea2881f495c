import { quickEditBody } from '@bazar/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { FieldError } from '../../components/field-error';
import { serverMessage } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { ProductThumb } from './product-bits';
import {
  editListKey,
  fetchEditList,
  PRODUCT_LIST_KEY,
  PRODUCTS_KEY,
  quickEditProduct,
  type ProductListRow,
} from './products-api';
import '../../components/admin-cards.css';
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
        ) : (
          <QueryState
            query={list}
            empty={t('adminCatalog.optionEdit.empty')}
            isEmpty={(rows) => rows.length === 0}
          >
            {(rows) => <OptionTable key={list.dataUpdatedAt} rows={rows} groupId={id} />}
          </QueryState>
        )}
      </div>
    </section>
  );
}

type Key = 'attri' | 'attri_bn' | 'offprice' | 'price' | 'qty';
const KEYS: readonly Key[] = ['attri', 'attri_bn', 'offprice', 'price', 'qty'];
/** The attribute and its Bangla text: text inputs; the others are numbers. */
const isText = (key: Key) => key === 'attri' || key === 'attri_bn';

/** Every row of the group, each a Quick Edit body with its attributes (one call per row). */
const schema = z.object({ rows: z.array(quickEditBody.extend({ id: z.number().int() })) });

const toValues = (row: ProductListRow) => ({
  id: row.id,
  attri: row.attri,
  attri_bn: row.attri_bn ?? '',
  offprice: row.offprice,
  price: row.price,
  qty: row.qty,
});

function OptionTable({ rows, groupId }: { rows: ProductListRow[]; groupId: number }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, getValues, formState } = useZodForm(schema, {
    defaultValues: { rows: rows.map(toValues) },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof schema>) => {
    setFailure(null);
    try {
      // One call per row, one after the other.
      for (const [index, { id, ...body }] of values.rows.entries()) {
        try {
          // Both attributes always: an emptied Bangla one removes it.
          await quickEditProduct(id, { ...body, attri: body.attri ?? '', attri_bn: body.attri_bn ?? '' });
        } catch (error) {
          if (isApiError(error, 422) && error.errors) {
            for (const key of KEYS) {
              const message = error.errors[key]?.[0];
              if (message) setError(`rows.${index}.${key}`, { type: 'server', message });
            }
          }
          setFailure(serverMessage(error, t('common.somethingWrong')));
          return;
        }
      }
      toast.success(t('adminCatalog.optionEdit.saved'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: PRODUCT_LIST_KEY, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: editListKey(groupId), refetchType: 'none' });
    }
  };

  // Spec §5: an empty price or quantity in any row says "Price & QTY are requried" until filled.
  const empty = (index: number, key: Key) =>
    Boolean(errors.rows?.[index]?.[key]) && getValues(`rows.${index}.${key}`) === undefined;
  const anyEmpty = rows.some((_, index) => empty(index, 'price') || empty(index, 'qty'));
  const message = anyEmpty ? t('adminCatalog.quickEdit.required') : failure;
  // The column names; on a phone's card also each field's name.
  const column: Record<Key, string> = {
    attri: t('adminCatalog.optionEdit.columns.attri'),
    attri_bn: t('adminCatalog.optionEdit.columns.attriBn'),
    offprice: t('adminCatalog.optionEdit.columns.beforePrice'),
    price: t('adminCatalog.optionEdit.columns.price'),
    qty: t('adminCatalog.optionEdit.columns.qty'),
  };

  const cell = (index: number, key: Key, label: string, options: CellOptions) => {
    const row = rows[index]!;
    const fieldError = errors.rows?.[index]?.[key];
    const text = empty(index, key)
      ? undefined
      : fieldMessage(
          fieldError,
          isText(key)
            ? undefined
            : key === 'qty'
              ? t('adminCatalog.common.quantity')
              : t('adminCatalog.common.wholeTaka'),
        );
    const id = `option-${row.id}-${key}`;
    const name = `rows.${index}.${key}` as const;
    return (
      <td className={options.wide ? 'card-half' : undefined} data-label={column[key]}>
        <input
          id={id}
          className={`form-control form-control-sm ${options.wide ? 'cell-input-wide' : 'cell-input'}${
            fieldError ? ' is-invalid' : ''
          }`}
          aria-label={label}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={text ? `${id}-error` : undefined}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          step={options.step}
          min={options.min}
          lang={options.lang}
          {...(isText(key)
            ? register(name)
            : numberInput(register, name, { empty: key === 'offprice' ? null : undefined }))}
        />
        <FieldError id={id} message={text} />
      </td>
    );
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <div className="table-responsive position-relative">
        <table className="table admin-table admin-cards option-table mb-3">
          <thead>
            <tr>
              <th scope="col">{t('adminCatalog.optionEdit.columns.image')}</th>
              <th scope="col">{t('adminCatalog.optionEdit.columns.title')}</th>
              <th scope="col">{column.attri}</th>
              <th scope="col">{column.attri_bn}</th>
              <th scope="col">{column.offprice}</th>
              <th scope="col">{column.price}</th>
              <th scope="col">{column.qty}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              // Variants share a title: the attribute they had when the page opened tells them apart.
              const rowTitle = name(row.title, row.title_bn);
              const attri = name(row.attri, row.attri_bn);
              const title = attri ? `${rowTitle} (${attri})` : rowTitle;
              return (
                <tr key={row.id}>
                  <td className="card-thumb">
                    <ProductThumb image={row.image} />
                  </td>
                  <td className="title-cell card-main">{rowTitle}</td>
                  {cell(index, 'attri', t('adminCatalog.optionEdit.attriOf', { title }), { wide: true })}
                  {cell(index, 'attri_bn', t('adminCatalog.optionEdit.attriBnOf', { title }), {
                    wide: true,
                    lang: 'bn',
                  })}
                  {cell(index, 'offprice', t('adminCatalog.optionEdit.beforePriceOf', { title }), NUMBER)}
                  {cell(index, 'price', t('adminCatalog.optionEdit.priceOf', { title }), NUMBER)}
                  {cell(index, 'qty', t('adminCatalog.optionEdit.qtyOf', { title }), DECIMAL)}
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
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
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
  /** A text cell: a wider input, two to a line on a phone's card. */
  wide?: boolean;
  lang?: 'bn';
}

const NUMBER: CellOptions = numberField('whole');
const DECIMAL: CellOptions = numberField('decimal');
