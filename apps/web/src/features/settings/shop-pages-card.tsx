import {
  SHOP_PAGES,
  SOCIAL_NETWORKS,
  shopPages,
  type ShopPages,
  type ShopPagesInput,
} from '@bazar/contracts/shop-pages';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { describedBy, FieldError } from '../../components/field-error';
import { call } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { errorAt, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { SHOP_KEYS, useShopPages } from '../../lib/shop-api';
import { toast } from '../../lib/toast';

const FIELDS = [
  ...SHOP_PAGES.flatMap((page) => [`pages.${page}.en`, `pages.${page}.bn`] as const),
  ...SOCIAL_NETWORKS.map((network) => `social.${network}` as const),
] as const;

/** Setting's card for the storefront footer: About Us, Terms & Conditions, Privacy Policy (English and Bangla) and the social links. */
export function ShopPagesCard() {
  const { t } = useTranslation();
  const pages = useShopPages();
  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="shop-pages-title">
      <div className="card-body">
        <h2 id="shop-pages-title" className="h5 mb-2">
          {t('shopPages.title')}
        </h2>
        <p className="small text-secondary">{t('shopPages.help')}</p>
        <QueryState query={pages}>{(data) => <ShopPagesForm initial={data} />}</QueryState>
      </div>
    </section>
  );
}

function ShopPagesForm({ initial }: { initial: ShopPages }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(shopPages, {
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: ShopPagesInput) => {
    try {
      const saved = (await call('POST /api/shop-pages', { body: values })).data;
      queryClient.setQueryData(SHOP_KEYS.shopPages, saved);
      reset(saved);
      toast.success(t('shopPages.saved'));
    } catch (error) {
      if (!setServerErrors(error, setError, FIELDS))
        toast.error(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {SHOP_PAGES.map((page) => (
        <div key={page} className="row g-2">
          {(['en', 'bn'] as const).map((lang) => {
            const id = `shop-page-${page}-${lang}`;
            const error = errorAt(errors, `pages.${page}.${lang}`)?.message;
            return (
              <div key={lang} className="col-md-6 mb-3">
                <label htmlFor={id} className="form-label">
                  {t(lang === 'en' ? 'shopPages.english' : 'shopPages.bangla', { page: t(`footer.${page}`) })}
                </label>
                <textarea
                  id={id}
                  rows={4}
                  lang={lang}
                  className={`form-control${error ? ' is-invalid' : ''}${lang === 'bn' ? ' bn-text' : ''}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, { error })}
                  maxLength={20_000}
                  {...register(`pages.${page}.${lang}`)}
                />
                <FieldError id={id} message={error} />
              </div>
            );
          })}
        </div>
      ))}
      <div className="row g-2">
        {SOCIAL_NETWORKS.map((network) => (
          <div key={network} className="col-md-4">
            <TextField
              id={`shop-social-${network}`}
              label={t('shopPages.link', { network: t(`footer.${network}`) })}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
              maxLength={300}
              error={errors.social?.[network]?.message}
              {...register(`social.${network}`)}
            />
          </div>
        ))}
      </div>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {t('shopPages.save')}
      </button>
    </form>
  );
}
