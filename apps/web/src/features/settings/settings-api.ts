import type { Area, Settings, SettingsInput } from '@bazar/contracts/settings';
import { api } from '../../lib/api';

export const fetchSettings = () => api.get<{ data: Settings }>('/api/settings').then((answer) => answer.data);

/** POST /api/settings with every number a JSON number (what the shared schema gives back). */
export const saveSettings = (body: SettingsInput) =>
  api.post<{ data: Settings }>('/api/settings', body).then((answer) => answer.data);

/** An area's name and its Bangla name ('' when none; on edit, '' removes it). */
export interface AreaInput {
  title: string;
  title_bn: string;
  /** The area's own delivery charge; null: the settings'. */
  charge: number | null;
}

export const addArea = (body: AreaInput) => api.post<{ data: unknown }>('/api/area/add', body);

/** POST /api/area/edit/{id}: renames an area (404 unknown, 409 a duplicate title). */
export const editArea = (id: number, body: AreaInput) =>
  api.post<{ data: Area }>(`/api/area/edit/${id}`, body).then((answer) => answer.data);

export const deleteArea = (id: number) => api.delete<unknown>(`/api/area/delete/${id}`);
