import { smsItemAddBody } from '@bazar/contracts/sms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPagination, type PageMeta } from '../../components/admin-pagination';
import { TrashIcon } from '../../components/admin-icons';
import { useConfirmDelete } from '../../components/confirm-delete';
import { NotFound } from '../../components/not-found';
import { QueryState } from '../../components/query-state';
import { FieldError } from '../../components/field-error';
import { serverMessage } from '../../lib/form-errors';
import { useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import {
  addSmsItem,
  deleteSmsItem,
  deleteSmsList,
  searchCustomers,
  SMS_LISTS_KEY,
  smsListKey,
  type SmsListDetail,
} from './sms-api';
import { listKey, usePaged } from '../../lib/use-admin-list';

const SEARCH_MIN = 2;

/**
 * /admin/sms-list/{id}: who is in the list (a page of numbers at a time, the page in the URL); add
 * customers found by name or a new name and phone.
 */
export function SmsListPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <SmsList id={id} />;
}

function SmsList({ id }: { id: number }) {
  // The numbers are paged like every list: the page in the URL, clamped to the last.
  const { query, setPage } = usePaged('GET /api/sms-list/:id', { params: { id } });
  return (
    <QueryState query={query}>
      {(answer) => <ListOfNumbers id={id} list={answer.data} meta={answer.meta} setPage={setPage} />}
    </QueryState>
  );
}

function ListOfNumbers({
  id,
  list: detail,
  meta,
  setPage,
}: {
  id: number;
  list: SmsListDetail;
  meta: PageMeta;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState('');
  // A new name and phone for the list (the server's own schema; the list is this one).
  const fresh = useZodForm(smsItemAddBody, { defaultValues: { name: '', phone: '', list_id: id } });
  const freshErrors = fresh.formState.errors;
  useEffect(() => {
    const timer = setTimeout(() => setWanted(text.trim().length >= SEARCH_MIN ? text.trim() : ''), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['admin', 'customer-search', wanted],
    queryFn: () => searchCustomers(wanted),
    enabled: wanted !== '',
    placeholderData: keepPreviousData,
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey('GET /api/sms-list/:id', { id }) }),
      // The send page reads the list's first page on its own.
      queryClient.invalidateQueries({ queryKey: smsListKey(id) }),
      queryClient.invalidateQueries({ queryKey: SMS_LISTS_KEY }),
    ]);
  const add = useMutation({
    mutationFn: (person: { name: string; phone: string }) => addSmsItem(id, person.name, person.phone),
    onSuccess: async () => {
      toast.success(t('adminSms.list.added'));
      fresh.reset();
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteSmsItem, onSuccess: refresh });
  const removeList = useConfirmDelete<SmsListDetail>({
    remove: () => deleteSmsList(id),
    onDeleted: () => {
      void queryClient.invalidateQueries({ queryKey: SMS_LISTS_KEY });
      void navigate('/admin');
    },
    deleted: t('adminSms.list.deleted'),
    question: (list) => t('adminSms.list.confirmText', { title: list.title }),
  });
  const list = { data: detail };

  // The numbers on this page (a number already in the list is refused by the server in any case).
  const inList = new Set(list.data.items.map((i) => i.phone));

  return (
    <section className="card shadow-sm" aria-labelledby="sms-list-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <Link
            to="/admin/sms-marketing"
            className="btn btn-outline-secondary"
            aria-label={t('adminSms.list.back')}
          >
            <span aria-hidden="true">←</span>
          </Link>
          <h1 id="sms-list-title" className="h4 mb-0 me-auto">
            {list.data.title}
          </h1>
          <Link to={`/admin/send-sms/${id}`} className="btn btn-primary">
            {t('adminSms.list.send')}
          </Link>
        </div>

        <div className="row g-3 mb-3">
          <div className="col-12 col-lg-6">
            <label htmlFor="sms-customer-search" className="form-label">
              {t('adminSms.list.search')}
            </label>
            <input
              id="sms-customer-search"
              type="search"
              className="form-control"
              placeholder={t('adminSms.list.searchPlaceholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
            />
            {wanted && (found.data?.length ?? 0) > 0 && (
              <ul className="list-group mt-2" aria-label={t('adminSms.list.found')}>
                {found.data?.map((c) => (
                  <li key={c.id} className="list-group-item d-flex align-items-center gap-2">
                    <span className="me-auto text-break">
                      {c.name} <span className="text-secondary">{c.phone}</span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-success"
                      disabled={inList.has(c.phone) || add.isPending}
                      aria-label={t('adminSms.list.addFound', { name: c.name, phone: c.phone })}
                      onClick={() => add.mutate({ name: c.name, phone: c.phone })}
                    >
                      +
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <form
            className="col-12 col-lg-6"
            onSubmit={fresh.handleSubmit(({ name, phone }) => add.mutate({ name, phone }))}
            noValidate
          >
            <div className="row g-2 align-items-end">
              <div className="col-12 col-sm-5">
                <label htmlFor="sms-new-name" className="form-label">
                  {t('adminSms.list.newName')}
                </label>
                <input
                  id="sms-new-name"
                  className={`form-control${freshErrors.name ? ' is-invalid' : ''}`}
                  maxLength={100}
                  aria-invalid={freshErrors.name ? true : undefined}
                  aria-describedby={freshErrors.name ? 'sms-new-name-error' : undefined}
                  {...fresh.register('name')}
                />
                <FieldError id="sms-new-name" message={freshErrors.name?.message} />
              </div>
              <div className="col-8 col-sm-5">
                <label htmlFor="sms-new-phone" className="form-label">
                  {t('adminSms.list.newPhone')}
                </label>
                <input
                  id="sms-new-phone"
                  type="tel"
                  inputMode="tel"
                  className={`form-control${freshErrors.phone ? ' is-invalid' : ''}`}
                  aria-invalid={freshErrors.phone ? true : undefined}
                  aria-describedby={freshErrors.phone ? 'sms-new-phone-error' : undefined}
                  {...fresh.register('phone')}
                />
                <FieldError id="sms-new-phone" message={freshErrors.phone?.message} />
              </div>
              <div className="col-4 col-sm-2">
                <button type="submit" className="btn btn-success w-100" disabled={add.isPending}>
                  {t('adminSms.list.addNew')}
                </button>
              </div>
            </div>
          </form>
        </div>
        {add.isError && (
          <p className="small text-danger" role="alert">
            {serverMessage(add.error, t('common.somethingWrong'))}
          </p>
        )}

        {list.data.items.length === 0 ? (
          <p className="text-secondary">{t('adminSms.list.empty')}</p>
        ) : (
          <ul className="list-group mb-3">
            {list.data.items.map((item) => (
              <li key={item.id} className="list-group-item d-flex align-items-center gap-2">
                <span className="me-auto text-break">
                  {item.name} <span className="text-secondary">{item.phone}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminSms.list.remove', { name: item.name, phone: item.phone })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(item.id)}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mb-3">
          <AdminPagination meta={meta} limit={5} onChange={setPage} />
        </div>
        <button type="button" className="btn btn-outline-danger" onClick={() => removeList.ask(detail)}>
          {t('adminSms.list.deleteAll')}
        </button>
      </div>
      {removeList.dialog}
    </section>
  );
}
