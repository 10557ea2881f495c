import { smsListAddBody } from '@bazar/contracts/sms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FieldError } from '../../components/field-error';
import { QueryState } from '../../components/query-state';
import { serverMessage } from '../../lib/form-errors';
import { useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { addSmsList, fetchSmsLists, SMS_LISTS_KEY } from './sms-api';

/** /admin/sms-marketing: All SMS List — make a list, open one, or write to every customer. */
export function SmsListsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useZodForm(smsListAddBody, {
    defaultValues: { title: '' },
  });
  const titleError = formState.errors.title?.message;
  const lists = useQuery({ queryKey: SMS_LISTS_KEY, queryFn: fetchSmsLists });
  const add = useMutation({
    mutationFn: addSmsList,
    onSuccess: () => {
      reset();
      void queryClient.invalidateQueries({ queryKey: SMS_LISTS_KEY });
    },
  });

  return (
    <section className="card shadow-sm" aria-labelledby="sms-lists-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="sms-lists-title" className="h4 mb-0 me-auto">
            {t('adminSms.lists.title')}
          </h1>
          <Link to="/admin/send-sms/0" className="btn btn-primary">
            {t('adminSms.lists.sendAll')}
          </Link>
        </div>
        <form
          className="d-flex gap-2 mb-2"
          onSubmit={handleSubmit(({ title }) => add.mutate(title))}
          noValidate
        >
          <label htmlFor="sms-list-title" className="visually-hidden">
            {t('adminSms.lists.newList')}
          </label>
          <input
            id="sms-list-title"
            className={`form-control${titleError ? ' is-invalid' : ''}`}
            placeholder={t('adminSms.lists.newList')}
            maxLength={100}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? 'sms-list-title-error' : undefined}
            {...register('title')}
          />
          <button type="submit" className="btn btn-success text-nowrap" disabled={add.isPending}>
            {t('adminSms.lists.add')}
          </button>
        </form>
        <FieldError id="sms-list-title" message={titleError} className="mb-2" />
        {add.isError && (
          <p className="small text-danger" role="alert">
            {serverMessage(add.error, t('common.somethingWrong'))}
          </p>
        )}
        <QueryState
          query={lists}
          empty={<p className="text-secondary mb-0 mt-3">{t('adminSms.lists.empty')}</p>}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <ul className="list-group mt-3">
              {rows.map((list) => (
                <li key={list.id} className="list-group-item d-flex align-items-center">
                  <Link to={`/admin/sms-list/${list.id}`} className="me-auto fw-semibold text-break">
                    {list.title}
                  </Link>
                  <span className="badge text-bg-light">
                    {t('adminSms.lists.count', { count: list.count })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
