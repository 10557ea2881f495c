import { categoryBody } from '@bazar/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { QueryState } from '../../components/query-state';
import { fieldMessage, numberInput, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import './products.css';
import { CategoryList, ChosenChips } from './category-list';
import { pickerFailure } from './picker-failure';
import {
  addCategory,
  CATEGORIES_KEY,
  deleteCategory,
  editCategory,
  fetchCategories,
  flattenCategories,
  SHOP_CATEGORIES_KEY,
  type CategoryInput,
  type FlatCategory,
} from './products-api';

export interface ChosenCategory {
  id: number;
  title: string;
  /** Its Bangla name ('' or left out when none). */
  title_bn?: string | undefined;
}

interface CategoryPickerProps {
  value: ChosenCategory[];
  onChange: (categories: ChosenCategory[]) => void;
  /** Called when a category already chosen is picked again (the edit form says "Already Added"). */
  onDuplicate?: () => void;
  error?: string | undefined;
}

/** Ids of a category and everything under it: none of them can become its parent. */
function familyOf(id: number, flat: readonly FlatCategory[]): Set<number> {
  const family = new Set([id]);
  for (const category of flat) {
    if (category.parent !== null && family.has(category.parent)) family.add(category.id);
  }
  return family;
}

/**
 * The categories of a product click one to add it as a
 * removable chip; add, edit (update mode) and delete categories. Not a <form>: it sits inside
 * the product form. Names show in the language on screen; the form has the Bangla name too.
 */
export function CategoryPicker({ value, onChange, onDuplicate, error }: CategoryPickerProps) {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: CATEGORIES_KEY, queryFn: fetchCategories });
  const flat = useMemo(() => flattenCategories(tree.data ?? []), [tree.data]);
  const [editing, setEditing] = useState<FlatCategory | null>(null);
  // Its own small form (not a <form>: it sits inside the product form), checked by the server's schema.
  const form = useZodForm(categoryBody, { defaultValues: { title: '', title_bn: '', parent: null } });
  const { errors } = form.formState;
  const formError =
    fieldMessage(errors.title, t('adminCatalog.categories.required')) ??
    fieldMessage(errors.title_bn) ??
    fieldMessage(errors.parent);
  const [listError, setListError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FlatCategory | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
      queryClient.invalidateQueries({ queryKey: SHOP_CATEGORIES_KEY }),
    ]);

  const toAddMode = () => {
    setEditing(null);
    form.reset({ title: '', title_bn: '', parent: null });
  };

  const choose = (category: FlatCategory) => {
    if (value.some((chosen) => chosen.id === category.id)) {
      onDuplicate?.();
      return;
    }
    onChange([...value, { id: category.id, title: category.title, title_bn: category.title_bn }]);
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CategoryInput }) =>
      id === null ? addCategory(body) : editCategory(id, body),
    onSuccess: (category, { id }) => {
      toast.success(t(id === null ? 'adminCatalog.categories.added' : 'adminCatalog.categories.updated'));
      if (id !== null && value.some((chosen) => chosen.id === category.id)) {
        onChange(
          value.map((chosen) =>
            chosen.id === category.id
              ? { ...chosen, title: category.title, title_bn: category.title_bn }
              : chosen,
          ),
        );
      }
      toAddMode();
    },
    // 422 (too deep, a cycle), 404 (parent gone), 409: in the server's words
    onError: (failure) =>
      form.setError('title', {
        type: 'server',
        message: pickerFailure(failure, 'title', t('common.somethingWrong')),
      }),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (category: FlatCategory) => deleteCategory(category.id),
    onSuccess: (_answer, category) => {
      toast.success(t('adminCatalog.categories.deleted'));
      onChange(value.filter((chosen) => chosen.id !== category.id));
      if (editing?.id === category.id) toAddMode();
    },
    // e.g. 409 while it has child categories
    onError: (failure) => setListError(pickerFailure(failure, 'title', t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      return refresh();
    },
  });

  const submit = () => {
    setListError(null);
    // The Bangla name is always sent: on an edit, an emptied one removes it.
    void form.handleSubmit(({ title, title_bn, parent }) =>
      save.mutate({ id: editing?.id ?? null, body: { title, title_bn: title_bn ?? '', parent } }),
    )();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  const startEdit = (category: FlatCategory) => {
    setEditing(category);
    form.reset({ title: category.title, title_bn: category.title_bn ?? '', parent: category.parent });
    setListError(null);
  };

  const excluded = editing ? familyOf(editing.id, flat) : new Set<number>();
  const describedBy = formError ? 'category-form-error' : undefined;

  return (
    <fieldset className="card card-body shadow-sm mb-3">
      <legend className="h6 mb-2">{t('adminCatalog.categories.title')}</legend>
      <ChosenChips value={value} onChange={onChange} />
      {error && (
        <div className="text-danger small mb-2" role="alert">
          {error}
        </div>
      )}
      <QueryState
        query={tree}
        empty={<p className="text-secondary small">{t('adminCatalog.categories.empty')}</p>}
        isEmpty={() => flat.length === 0}
      >
        {() => (
          <CategoryList
            categories={flat}
            onChoose={choose}
            onEdit={startEdit}
            onDelete={(category) => {
              setListError(null);
              setDeleting(category);
            }}
          />
        )}
      </QueryState>
      {listError && (
        <div className="alert alert-danger py-2 small" role="alert">
          {listError}
        </div>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-12 col-sm-6 col-xl-12">
          <label htmlFor="category-title" className="form-label small mb-1">
            {editing ? t('adminCatalog.categories.editCategory') : t('adminCatalog.categories.newCategory')}
          </label>
          <input
            id="category-title"
            className={`form-control form-control-sm${errors.title ? ' is-invalid' : ''}`}
            maxLength={200}
            {...form.register('title')}
            onKeyDown={onKeyDown}
            aria-invalid={formError ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
          />
        </div>
        <div className="col-12 col-sm-6 col-xl-12">
          <label htmlFor="category-title-bn" className="form-label small mb-1">
            {t('adminCatalog.categories.titleBn')}
          </label>
          <input
            id="category-title-bn"
            lang="bn"
            className={`form-control form-control-sm${errors.title_bn ? ' is-invalid' : ''}`}
            maxLength={200}
            {...form.register('title_bn')}
            onKeyDown={onKeyDown}
            aria-invalid={errors.title_bn ? true : undefined}
            aria-describedby={errors.title_bn ? describedBy : undefined}
            autoComplete="off"
          />
        </div>
        <div className="col-12">
          <label htmlFor="category-parent" className="form-label small mb-1">
            {t('adminCatalog.categories.parent')}
          </label>
          <select
            id="category-parent"
            className={`form-select form-select-sm${errors.parent ? ' is-invalid' : ''}`}
            {...numberInput(form.register, 'parent', { empty: null })}
          >
            <option value="">{t('adminCatalog.categories.noParent')}</option>
            {flat
              .filter((category) => !excluded.has(category.id))
              .map((category) => (
                <option key={category.id} value={category.id}>
                  {'\u00a0\u00a0'.repeat(category.depth)}
                  {name(category.title, category.title_bn)}
                </option>
              ))}
          </select>
        </div>
        <div className="col-12 d-flex gap-2">
          <button
            type="button"
            className={`btn btn-sm ${editing ? 'btn-primary' : 'btn-outline-primary'}`}
            onClick={submit}
            disabled={save.isPending}
          >
            {editing ? t('adminCatalog.categories.update') : t('adminCatalog.categories.add')}
          </button>
          {editing && (
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={toAddMode}>
              {t('adminCatalog.categories.cancel')}
            </button>
          )}
        </div>
      </div>
      {formError && (
        <div id="category-form-error" className="text-danger small mt-1" role="alert">
          {formError}
        </div>
      )}
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminCatalog.categories.deleteText', {
          title: deleting ? name(deleting.title, deleting.title_bn) : '',
        })}
      </AdminConfirmModal>
    </fieldset>
  );
}
