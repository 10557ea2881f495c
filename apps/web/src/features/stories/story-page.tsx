import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { addStory, deleteStory, fetchStories, STORIES_KEY } from './stories-api';
import './stories.css';

type Field = 'image' | 'link';

/** /admin/story (Daily Campaign): add a story (picture and link) and delete the ones shown. */
export function StoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stories = useQuery({ queryKey: STORIES_KEY, queryFn: fetchStories });
  const fileRef = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STORIES_KEY });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const image = fileRef.current?.files?.[0];
    if (!image) {
      setErrors({ image: t('adminCatalog.stories.imageRequired') });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await addStory(image, link.trim());
      toast.success(t('adminCatalog.stories.added'));
      setLink('');
      if (fileRef.current) fileRef.current.value = '';
    } catch (error) {
      if (isApiError(error, 422) && error.errors && (error.errors.image || error.errors.link)) {
        setErrors({ image: error.errors.image?.[0], link: error.errors.link?.[0] });
      } else {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    } finally {
      setPending(false);
      await refresh();
    }
  };

  const remove = useMutation({
    mutationFn: deleteStory,
    onSuccess: () => toast.success(t('adminCatalog.stories.deleted')),
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: refresh,
  });

  const imageError = errors.image;

  return (
    <div className="d-flex flex-column gap-3">
      <section className="card shadow-sm admin-form-card" aria-labelledby="story-title">
        <div className="card-body">
          <h1 id="story-title" className="h4 mb-3">
            {t('adminCatalog.stories.title')}
          </h1>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <div className="mb-3">
              <label htmlFor="story-image" className="form-label">
                {t('adminCatalog.stories.image')}
              </label>
              <input
                id="story-image"
                ref={fileRef}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className={`form-control${imageError ? ' is-invalid' : ''}`}
                aria-invalid={imageError ? true : undefined}
                aria-describedby={imageError ? 'story-image-error' : undefined}
                onChange={() => setErrors((current) => ({ ...current, image: undefined }))}
              />
              {imageError && (
                <div id="story-image-error" className="invalid-feedback">
                  {imageError}
                </div>
              )}
            </div>
            <TextField
              id="story-link"
              label={t('adminCatalog.stories.link')}
              help={t('adminCatalog.stories.linkHelp')}
              value={link}
              onChange={(event) => setLink(event.target.value)}
              error={errors.link}
              autoComplete="off"
            />
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {t('adminCatalog.stories.submit')}
            </button>
          </form>
        </div>
      </section>

      <section className="card shadow-sm" aria-labelledby="story-list-title">
        <div className="card-body">
          <h2 id="story-list-title" className="h5 mb-3">
            {t('adminCatalog.stories.list')}
          </h2>
          {stories.isPending ? (
            <PageSpinner />
          ) : stories.isError ? (
            <LoadFailed onRetry={() => void stories.refetch()} />
          ) : stories.data.length === 0 ? (
            <p className="text-secondary mb-0">{t('adminCatalog.stories.empty')}</p>
          ) : (
            <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 list-unstyled mb-0">
              {stories.data.map((story, index) => {
                const n = index + 1;
                return (
                  <li key={story.id} className="col">
                    <figure className="card h-100 mb-0">
                      <img
                        src={story.image}
                        alt={t('adminCatalog.stories.storyAlt', { n })}
                        className="card-img-top story-image"
                        loading="lazy"
                      />
                      <figcaption className="card-body p-2 d-flex flex-column gap-2">
                        <span className="small text-break">
                          {story.link || (
                            <span className="text-secondary">{t('adminCatalog.stories.noLink')}</span>
                          )}
                        </span>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger mt-auto"
                          aria-label={t('adminCatalog.stories.deleteLabel', { n })}
                          disabled={remove.isPending && remove.variables === story.id}
                          onClick={() => remove.mutate(story.id)}
                        >
                          {t('adminCatalog.stories.delete')}
                        </button>
                      </figcaption>
                    </figure>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
