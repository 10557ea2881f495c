import { call } from '../../lib/api';

export const STORIES_KEY = ['admin', 'stories'] as const;

export const fetchStories = () => call('GET /api/storys').then((answer) => answer.data);

/** POST /api/story/add, multipart: `image` (file) and `link`. */
export function addStory(image: File, link: string) {
  const body = new FormData();
  body.append('image', image);
  body.append('link', link);
  return call('POST /api/story/add', { body }).then((answer) => answer.data);
}

export const deleteStory = (id: number) => call('DELETE /api/story/delete/:id', { params: { id } });
