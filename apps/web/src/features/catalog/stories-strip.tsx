import { useTranslation } from '../../lib/i18n/i18n';
import { Link } from 'react-router';
import { type Story, useStories } from './catalog-api';

/** Where a story's link goes: a path of this shop stays in the app, anything else is a plain link. */
function storyTarget(link: string): { path: string } | { href: string } | null {
  const text = link.trim();
  if (!text) return null;
  try {
    const url = new URL(text, window.location.origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin === window.location.origin) return { path: url.pathname + url.search + url.hash };
    return { href: url.href };
  } catch {
    return null;
  }
}

function StoryItem({ story, number }: { story: Story; number: number }) {
  const { t } = useTranslation();
  const image = (
    <img
      src={story.image}
      alt={t('shopCatalog.home.story', { number })}
      width={114}
      height={182}
      loading={number > 4 ? 'lazy' : 'eager'}
      decoding="async"
      className="story-image"
    />
  );
  const target = storyTarget(story.link);
  if (!target) return image;
  if ('path' in target)
    return (
      <Link to={target.path} className="story-link">
        {image}
      </Link>
    );
  return (
    <a href={target.href} className="story-link" rel="noopener noreferrer">
      {image}
    </a>
  );
}

/**
 * The campaign stories, 114 px wide each, in a row that scrolls sideways. While they load, grey
 * boxes keep their place (the products below do not jump down when they arrive); nothing is shown
 * when there are none, and a failure is only logged.
 */
export function StoriesStrip() {
  const { t } = useTranslation();
  const stories = useStories();
  if (stories.isPending) {
    return (
      <div className="stories mb-3 placeholder-glow" aria-hidden="true">
        <ul className="stories-strip list-unstyled mb-0">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="story">
              <span className="story-image placeholder" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!stories.data || stories.data.length === 0) return null;
  return (
    <section className="stories mb-3" aria-label={t('shopCatalog.home.stories')}>
      <ul className="stories-strip list-unstyled mb-0">
        {stories.data.map((story, index) => (
          <li key={story.id} className="story">
            <StoryItem story={story} number={index + 1} />
          </li>
        ))}
      </ul>
    </section>
  );
}
