import type { Story } from '@bazar/contracts/catalog';
import { api } from '../../lib/api';

export type { Story };

export const STORIES_KEY = ['admin', 'stories'] as const;

export const fetchStories = () => api.get<{ data: Story[] }>('/api/storys').then((answer) => answer.data);

/** POST /api/story/add, multipart: `image` (file) and `link`. */
export function addStory(image: File, link: string) {
  const body = new FormData();
  body.append('image', image);
  body.append('link', link);
  return api.post<{ data: Story }>('/api/story/add', body).then((answer) => answer.data);
}

export const deleteStory = (id: number) => api.delete<unknown>(`/api/story/delete/${id}`);
