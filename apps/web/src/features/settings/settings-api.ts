import type { Api, ParsedBodyOf } from '@bazar/contracts/api';
import type { Settings, SettingsInput } from '@bazar/contracts/settings';
import { call } from '../../lib/api';

/** GET /api/settings as an admin reads it: every setting (guests get only the delivery charge). */
export const fetchSettings = (): Promise<Settings> =>
  call('GET /api/settings').then(({ data }) => {
    if (!('reg_point' in data)) throw new Error('Setting is read with an admin session');
    return data;
  });

/** POST /api/settings with every number a JSON number (what the shared schema gives back). */
export const saveSettings = (body: SettingsInput) =>
  call('POST /api/settings', { body }).then((answer) => answer.data);

/** An area's name, its Bangla name ('' when none; on edit, '' removes it) and its own delivery charge. */
export type AreaInput = ParsedBodyOf<Api['POST /api/area/add']>;

export const addArea = (body: AreaInput) => call('POST /api/area/add', { body });

/** POST /api/area/edit/{id}: renames an area (404 unknown, 409 a duplicate title). */
export const editArea = (id: number, body: AreaInput) =>
  call('POST /api/area/edit/:id', { params: { id }, body }).then((answer) => answer.data);

export const deleteArea = (id: number) => call('DELETE /api/area/delete/:id', { params: { id } });
