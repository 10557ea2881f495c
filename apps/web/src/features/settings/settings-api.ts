import type { Area, Settings } from '@bazar/contracts/settings';
import { api } from '../../lib/api';

export const SETTINGS_KEY = ['settings'] as const;
export const AREAS_KEY = ['areas'] as const;

export const fetchSettings = () => api.get<{ data: Settings }>('/api/settings').then((answer) => answer.data);

export const saveSettings = (body: Settings) =>
  api.post<{ data: Settings }>('/api/settings', body).then((answer) => answer.data);

export const fetchAreas = () => api.get<{ data: Area[] }>('/api/areas').then((answer) => answer.data);

export const addArea = (title: string) => api.post<{ data: Area }>('/api/area/add', { title });

export const deleteArea = (id: number) => api.delete<unknown>(`/api/area/delete/${id}`);
