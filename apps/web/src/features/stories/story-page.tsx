import { storyFields } from '@bazar/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n/i18n';
import { QueryState } from '../../components/query-state';
import { FieldError } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { addStory, deleteStory, fetchStories, STORIES_KEY } from './stories-api';
import './stories.css';
import { FileInput } from '../../components/file-input';

/** The Add Story form: the server's own fields (a link) and a picture to upload. */
const schema = storyFields.extend({ image: z.instanceof(File) });

/** /admin/story (Daily Campaign): add a story (picture and link) and delete the ones shown. */
export function StoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stories = useQuery({ queryKey: STORIES_KEY, queryFn: fetchStories });
  const { register, control, handleSubmit, setError, reset, formState } = useZodForm(schema, {
    defaultValues: { link: '' },
  });
  const { errors } = formState;
  const image = useController({ control, name: 'image' });
  const [round, setRound] = useState(0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: STORIES_KEY });

  const submit = async ({ image: file, link }: z.output<typeof schema>) => {
    try {
      await addStory(file, link);
      toast.success(t('adminCatalog.stories.added'));
      reset();
      // A new, empty field (its file name gone too).
      setRound((n) => n + 1);
    } catch (error) {
      if (!setServerErrors(error, setError, ['image', 'link'])) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    } finally {
      await refresh();
    }
  };

  const remove = useMutation({
    mutationFn: deleteStory,
    onSuccess: () => toast.success(t('adminCatalog.stories.deleted')),
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
    onSettled: refresh,
  });

  const imageError = fieldMessage(errors.image, t('adminCatalog.stories.imageRequired'));

  return (
    <div className="d-flex flex-column gap-3">
      <section className="card shadow-sm admin-form-card" aria-labelledby="story-title">
        <div className="card-body">
          <h1 id="story-title" className="h4 mb-3">
            {t('adminCatalog.stories.title')}
          </h1>
          <form onSubmit={handleSubmit(submit)} noValidate>
            <div className="mb-3">
              <label htmlFor="story-image" className="form-label">
                {t('adminCatalog.stories.image')}
              </label>
              <FileInput
                key={round}
                id="story-image"
                ref={image.field.ref}
                accept="image/jpeg,image/png,image/webp,image/gif"
                className={`form-control${imageError ? ' is-invalid' : ''}`}
                aria-invalid={imageError ? true : undefined}
                aria-describedby={imageError ? 'story-image-error' : undefined}
                name={image.field.name}
                onBlur={image.field.onBlur}
                onChange={(event) => image.field.onChange(event.target.files?.[0] ?? undefined)}
              />
              <FieldError id="story-image" message={imageError} />
            </div>
            <TextField
              id="story-link"
              label={t('adminCatalog.stories.link')}
              help={t('adminCatalog.stories.linkHelp')}
              maxLength={500}
              error={errors.link?.message}
              autoComplete="off"
              {...register('link')}
            />
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
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
          <QueryState
            query={stories}
            empty={t('adminCatalog.stories.empty')}
            isEmpty={(list) => list.length === 0}
          >
            {(list) => (
              <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 list-unstyled mb-0">
                {list.map((story, index) => {
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
          </QueryState>
        </div>
      </section>
    </div>
  );
}
