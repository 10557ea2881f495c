import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { StoryPage } from './story-page';

const routes = [{ path: '/admin/story', element: <StoryPage /> }];

describe('StoryPage', () => {
  it('adds a story as multipart (image, link) and deletes one', async () => {
    let stories = [{ id: 1, image: '/uploads/stories/1.webp', link: '/category/3' }];
    const fetchMock = mockFetch({
      'GET /api/storys': () => ({ body: { data: stories } }),
      'POST /api/story/add': () => {
        stories = [...stories, { id: 2, image: '/uploads/stories/2.webp', link: '/search/rice' }];
        return { status: 201, body: { data: stories[1] } };
      },
      'DELETE /api/story/delete/1': () => {
        stories = stories.filter((story) => story.id !== 1);
        return { body: { message: 'Story deleted' } };
      },
    });
    renderRoutes(routes, '/admin/story');
    await screen.findByText('/category/3');

    // Without a picture nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Add Story' }));
    expect(await screen.findByText('Choose an image')).toBeVisible();

    const file = new File([new Uint8Array([1, 2, 3])], 'story.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Story image'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: ' /search/rice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Story' }));
    expect(await screen.findByText('/search/rice')).toBeVisible();
    expect(await screen.findByText('Story added')).toBeVisible();
    const body = fetchMock.mock.calls.find(([url]) => url === '/api/story/add')?.[1]?.body as FormData;
    expect(body.get('link')).toBe('/search/rice');
    expect((body.get('image') as File).name).toBe('story.png');

    fireEvent.click(screen.getByRole('button', { name: 'Delete story 1' }));
    await waitFor(() => expect(screen.queryByText('/category/3')).toBeNull());
    expect(await screen.findByText('Story deleted')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Story 1' }).getAttribute('src')).toBe('/uploads/stories/2.webp');
  });
});
