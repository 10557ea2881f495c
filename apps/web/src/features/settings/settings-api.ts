import type { Settings, SettingsInput } from '@bazar/contracts/settings';
import { api } from '../../lib/api';

export const fetchSettings = () => api.get<{ data: Settings }>('/api/settings').then((answer) => answer.data);

/** POST /api/settings with every number a JSON number (what the shared schema gives back). */
export const saveSettings = (body: SettingsInput) =>
  api.post<{ data: Settings }>('/api/settings', body).then((answer) => answer.data);

export const addArea = (title: string) => api.post<{ data: unknown }>('/api/area/add', { title });

export const deleteArea = (id: number) => api.delete<unknown>(`/api/area/delete/${id}`);
