import { areaBody } from '@bazar/contracts/settings';
import { useQueryClient } from '@tanstack/react-query';
import type { Area } from '@bazar/contracts/settings';
import { useRef, useState } from 'react';
import { useConfirmDelete } from '../../components/confirm-delete';
import { FieldError } from '../../components/field-error';
import { QueryState } from '../../components/query-state';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { SHOP_KEYS, useAreas } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { addArea, deleteArea } from './settings-api';
import { AreaEditor, type AreaValues } from './area-editor';

/**
 * /admin/areas: the delivery areas offered at checkout, each with its Bangla name and its own
 * delivery charge (empty: the settings'). Add one, edit one in its row (Edit), delete one after
 * a confirmation naming it.
 */
export function AreasPage() {
  const { t, language } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const areas = useAreas({ fresh: true });
  const [editing, setEditing] = useState<number | null>(null);
  // The area whose Edit button takes the focus back once its row is no longer edited.
  const returnFocus = useRef<number | null>(null);
  const stopEditing = (id: number) => {
    returnFocus.current = id;
    setEditing(null);
  };
  const { register, handleSubmit, setError, reset, formState } = useZodForm(areaBody, {
    defaultValues: { title: '', title_bn: '', charge: null },
  });
  const titleError = formState.errors.title?.message;
  const banglaError = formState.errors.title_bn?.message;
  const chargeError = formState.errors.charge?.message;
  const failed = (error: unknown) => toast.error(serverMessage(error, t('common.somethingWrong')));
  const refresh = () => queryClient.invalidateQueries({ queryKey: SHOP_KEYS.areas });

  const onAdd = async ({ title, title_bn, charge }: AreaValues) => {
    try {
      await addArea({ title, title_bn: title_bn ?? '', charge: charge ?? null });
      reset();
      toast.success(t('areas.added'));
    } catch (error) {
      if (!setServerErrors(error, setError, ['title', 'title_bn', 'charge'])) failed(error);
    }
    await refresh();
  };

  // A refusal (409: the area is used by customers or orders) is shown in the server's words.
  const remove = useConfirmDelete<Area>({
    remove: (area) => deleteArea(area.id),
    onDeleted: () => undefined,
    onSettled: () => void refresh(),
    deleted: t('areas.deleted'),
    title: t('delivery.areas.confirmTitle'),
    confirmLabel: t('delivery.areas.delete'),
    cancelLabel: t('delivery.areas.cancel'),
    question: (area) => t('delivery.areas.confirmText', { title: name(area.title, area.title_bn) }),
  });

  return (
    <section className="card shadow-sm admin-form-card" aria-labelledby="areas-title">
      <div className="card-body">
        <h1 id="areas-title" className="h4 mb-3">
          {t('areas.title')}
        </h1>
        <form className="mb-3" onSubmit={handleSubmit(onAdd)} noValidate>
          <div className="row g-2 align-items-end">
            <div className="col-12 col-sm">
              <label htmlFor="area-title" className="form-label">
                {t('areas.newArea')}
              </label>
              <input
                id="area-title"
                className={`form-control${titleError ? ' is-invalid' : ''}`}
                maxLength={100}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? 'area-title-error' : undefined}
                {...register('title')}
              />
            </div>
            <div className="col-12 col-sm">
              <label htmlFor="area-title-bn" className="form-label">
                {t('areas.titleBn')}
              </label>
              <input
                id="area-title-bn"
                lang="bn"
                className={`form-control${banglaError ? ' is-invalid' : ''}`}
                maxLength={100}
                aria-invalid={banglaError ? true : undefined}
                aria-describedby={banglaError ? 'area-title-bn-error' : undefined}
                {...register('title_bn')}
              />
            </div>
            <div className="col-12 col-sm-3">
              <label htmlFor="area-charge" className="form-label">
                {t('delivery.areas.charge')}
              </label>
              <input
                id="area-charge"
                className={`form-control${chargeError ? ' is-invalid' : ''}`}
                placeholder={t('delivery.areas.settingCharge')}
                aria-invalid={chargeError ? true : undefined}
                aria-describedby={`area-charge-help${chargeError ? ' area-charge-error' : ''}`}
                {...numberField('whole')}
                {...numberInput(register, 'charge', { empty: null })}
              />
            </div>
            <div className="col-12 col-sm-auto d-grid">
              <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
                {t('areas.add')}
              </button>
            </div>
          </div>
          <FieldError id="area-title" message={titleError} />
          <FieldError id="area-title-bn" message={banglaError} />
          <FieldError id="area-charge" message={chargeError} />
          <div id="area-charge-help" className="form-text">
            {t('delivery.areas.chargeHelp')}
          </div>
        </form>
        <QueryState query={areas} empty={t('areas.empty')} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <ul className="list-group">
              {list.map((area) => {
                const title = name(area.title, area.title_bn);
                // Beside it the name in the other language, when the area has both.
                const other =
                  language === 'bn' ? (area.title_bn ? area.title : '') : area.title ? area.title_bn : '';
                return (
                  <li key={area.id} className="list-group-item">
                    {editing === area.id ? (
                      <AreaEditor
                        area={area}
                        label={title}
                        onDone={() => stopEditing(area.id)}
                        refresh={refresh}
                      />
                    ) : (
                      <div className="d-flex flex-wrap align-items-center gap-2">
                        <span className="text-break min-w-0 me-auto">
                          <span>{title}</span>
                          {other && (
                            <span className="text-secondary ms-2" lang={language === 'bn' ? 'en' : 'bn'}>
                              {other}
                            </span>
                          )}
                        </span>
                        <span className="small text-secondary text-nowrap">
                          {area.charge === null || area.charge === undefined
                            ? t('delivery.areas.settingCharge')
                            : t('common.price', { amount: area.charge })}
                        </span>
                        <span className="d-flex gap-2">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            aria-label={t('areas.editLabel', { title })}
                            ref={(button) => {
                              if (button && returnFocus.current === area.id) {
                                returnFocus.current = null;
                                button.focus();
                              }
                            }}
                            onClick={() => setEditing(area.id)}
                          >
                            {t('areas.edit')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            aria-label={t('areas.deleteLabel', { title })}
                            disabled={remove.deleting?.id === area.id}
                            onClick={() => remove.ask(area)}
                          >
                            {t('areas.delete')}
                          </button>
                        </span>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
      {remove.dialog}
    </section>
  );
}
