import { areaBody } from '@bazar/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FieldError } from '../../components/field-error';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { SHOP_KEYS, useAreas } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { addArea, deleteArea } from './settings-api';

/** /admin/areas: the delivery areas offered at checkout. */
export function AreasPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const areas = useAreas({ fresh: true });
  const { register, handleSubmit, setError, reset, formState } = useZodForm(areaBody, {
    defaultValues: { title: '' },
  });
  const titleError = formState.errors.title?.message;
  const failed = (error: unknown) => toast.error(serverMessage(error, t('common.somethingWrong')));
  const refresh = () => queryClient.invalidateQueries({ queryKey: SHOP_KEYS.areas });

  const onAdd = async ({ title }: { title: string }) => {
    try {
      await addArea(title);
      reset();
      toast.success(t('areas.added'));
    } catch (error) {
      if (!setServerErrors(error, setError, ['title'])) failed(error);
    }
    await refresh();
  };

  const remove = useMutation({
    mutationFn: deleteArea,
    onSuccess: () => toast.success(t('areas.deleted')),
    onError: failed, // e.g. 409: the area is used by customers or orders, in the server's words
    onSettled: refresh,
  });

  return (
    <section className="card shadow-sm admin-form-card" aria-labelledby="areas-title">
      <div className="card-body">
        <h1 id="areas-title" className="h4 mb-3">
          {t('areas.title')}
        </h1>
        <form className="mb-3" onSubmit={handleSubmit(onAdd)} noValidate>
          <label htmlFor="area-title" className="form-label">
            {t('areas.newArea')}
          </label>
          <div className="input-group has-validation">
            <input
              id="area-title"
              className={`form-control${titleError ? ' is-invalid' : ''}`}
              maxLength={100}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? 'area-title-error' : undefined}
              {...register('title')}
            />
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {t('areas.add')}
            </button>
          </div>
          <FieldError id="area-title" message={titleError} />
        </form>
        {areas.isPending ? (
          <PageSpinner />
        ) : areas.isError ? (
          <LoadFailed onRetry={() => void areas.refetch()} />
        ) : areas.data.length === 0 ? (
          <p className="text-secondary mb-0">{t('areas.empty')}</p>
        ) : (
          <ul className="list-group">
            {areas.data.map((area) => (
              <li
                key={area.id}
                className="list-group-item d-flex align-items-center justify-content-between gap-2"
              >
                <span className="text-break">{area.title}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('areas.deleteLabel', { title: area.title })}
                  disabled={remove.isPending && remove.variables === area.id}
                  onClick={() => remove.mutate(area.id)}
                >
                  {t('areas.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
