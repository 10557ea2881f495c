import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { SmsCompose } from '../../components/sms-compose';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { fetchRecipients, fetchSmsList, recipientsKey, sendToList, smsListKey } from './sms-api';

/** /admin/send-sms/{id}: one SMS to every number of list {id} (0: every customer); then to /admin. */
export function SendSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const list = useQuery({
    queryKey: smsListKey(id),
    queryFn: () => fetchSmsList(id),
    enabled: valid && id > 0,
  });
  const recipients = useQuery({
    queryKey: recipientsKey(id),
    queryFn: () => fetchRecipients(id),
    enabled: valid,
    staleTime: 0,
  });
  if (!valid) return <NotFound />;
  const title =
    id === 0
      ? t('adminSms.send.titleAll')
      : t('adminSms.send.titleList', { title: list.data?.data.title ?? `#${id}` });
  return (
    <SmsCompose
      id="send-sms"
      title={title}
      textLabel={t('adminSms.send.text')}
      sendLabel={t('adminSms.send.send')}
      back={{
        to: id === 0 ? '/admin/sms-marketing' : `/admin/sms-list/${id}`,
        label: t('adminSms.send.back'),
      }}
      send={async (text) => {
        const answer = await sendToList(id, text);
        toast.success(t('adminSms.send.sent', { count: answer.queued }));
      }}
      onSent={() => navigate('/admin')}
      recipients={recipients.data ?? null}
      // Every customer: the shop pays for each SMS, so Send asks first.
      confirm={id === 0}
    />
  );
}
