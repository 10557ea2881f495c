import { smsTestBody, type SmsDriverName, type SmsStatus, type SmsTestBody } from '@bazar/contracts/sms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { fetchSmsStatus, sendTestSms, smsStatusKey } from './sms-status-api';

/** The gateways' own names, the same in every language. */
const GATEWAYS: Partial<Record<SmsDriverName, string>> = {
  sslwireless: 'SSL Wireless',
  bulksmsbd: 'BulkSMSBD',
  alpha: 'Alpha SMS (sms.net.bd)',
};

const driverName = (t: TFunction, driver: SmsDriverName) =>
  GATEWAYS[driver] ?? (driver === 'http' ? t('smsGateway.driverHttp') : t('smsGateway.driverLog'));

/** While messages wait, the card looks again this often: a test SMS shows as sent or failed. */
const WHILE_WAITING_MS = 3000;

/**
 * Setting's SMS card: the gateway in use, today's sent, waiting and failed messages with the
 * newest failures (the gateway's reason), and a test SMS to any number.
 */
export function SmsStatusCard() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: smsStatusKey,
    queryFn: fetchSmsStatus,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.waiting ? WHILE_WAITING_MS : false),
  });

  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="sms-gateway-title">
      <div className="card-body">
        <h2 id="sms-gateway-title" className="h5 mb-2">
          {t('smsGateway.title')}
        </h2>
        <p className="small text-secondary">{t('smsGateway.help')}</p>
        <QueryState query={status}>{(data) => <SmsStatusView status={data} />}</QueryState>
        <TestSmsForm />
      </div>
    </section>
  );
}

function SmsStatusView({ status }: { status: SmsStatus }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const figures: Array<[string, string, string]> = [
    ['sms-sent', t('smsGateway.sentToday'), formatNumber(status.sent_today)],
    ['sms-waiting', t('smsGateway.waiting'), formatNumber(status.waiting)],
    ['sms-failed', t('smsGateway.failedToday'), formatNumber(status.failed_today)],
    [
      'sms-budget',
      t('smsGateway.budget'),
      t('smsGateway.budgetUsed', { used: status.queued_today, budget: status.budget }),
    ],
  ];
  return (
    <>
      <p className="mb-2 fw-semibold" data-testid="sms-driver">
        {t('smsGateway.driver', { name: driverName(t, status.driver) })}
      </p>
      {status.driver === 'log' && (
        <div className="alert alert-warning py-2 small" role="status">
          {t('smsGateway.logWarning')}
        </div>
      )}
      <dl className="row small mb-2">
        {figures.map(([id, label, value]) => (
          <div key={id} className="col-6 col-md-3" data-testid={id}>
            <dt className="fw-normal text-secondary">{label}</dt>
            <dd className="fs-5 mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {status.failures.length > 0 && (
        <DataTable
          className="table-sm align-middle mb-3 caption-top"
          caption={<span className="small">{t('smsGateway.failures')}</span>}
          rows={status.failures}
          rowKey={(f) => f.id}
          columns={[
            {
              key: 'phone',
              header: t('smsGateway.phone'),
              className: 'text-nowrap',
              cell: (f) => t('smsGateway.phoneEnding', { digits: f.phone_end }),
            },
            {
              key: 'queued',
              header: t('smsGateway.queued'),
              className: 'text-nowrap',
              cell: (f) => time.dateTime(f.queued_at),
            },
            { key: 'reason', header: t('smsGateway.reason'), className: 'text-break', cell: (f) => f.reason },
            {
              key: 'state',
              header: t('smsGateway.state'),
              className: 'text-nowrap',
              cell: (f) => (f.retrying ? t('smsGateway.retrying') : t('smsGateway.gaveUp')),
            },
          ]}
        />
      )}
    </>
  );
}

/** A test SMS to one number: queued like any other, so the card shows whether the gateway took it. */
function TestSmsForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(smsTestBody, { defaultValues: { phone: '' } });
  const { errors } = form.formState;
  const test = useMutation({
    mutationFn: (body: SmsTestBody) => sendTestSms(body),
    onSuccess: () => {
      toast.success(t('smsGateway.testQueued'));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: smsStatusKey });
    },
    onError: (error) => {
      if (!setServerErrors(error, form.setError, ['phone'])) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    },
  });

  return (
    <form
      className="row g-2 align-items-start"
      onSubmit={form.handleSubmit((body) => test.mutate(body))}
      noValidate
      aria-label={t('smsGateway.testTitle')}
    >
      <TextField
        id="sms-test-phone"
        className="col-sm-6"
        label={t('smsGateway.testPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        help={t('smsGateway.testHelp')}
        error={fieldMessage(errors.phone, t('smsGateway.phoneInvalid'))}
        {...form.register('phone')}
      />
      <div className="col-sm-6 pt-sm-4 mt-sm-3">
        <button type="submit" className="btn btn-outline-primary" disabled={test.isPending}>
          {test.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('smsGateway.testSend')}
        </button>
      </div>
    </form>
  );
}
