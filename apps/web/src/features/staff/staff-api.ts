import type { Api, BodyOf } from '@bazar/contracts/api';
import type { Role, StaffMember } from '@bazar/contracts/staff';
import { call } from '../../lib/api';

export type { Role, StaffMember };

export const ROLES_KEY = ['admin', 'roles'] as const;

export type StaffInput = BodyOf<Api['POST /api/staff']>;
export type StaffEdit = BodyOf<Api['POST /api/staff/:id']>;
export type RoleInput = BodyOf<Api['POST /api/roles']>;
export type RoleEdit = BodyOf<Api['POST /api/roles/:id']>;

export const addStaff = (body: StaffInput) => call('POST /api/staff', { body }).then((a) => a.data);

export const editStaff = (id: number, body: StaffEdit) =>
  call('POST /api/staff/:id', { params: { id }, body }).then((a) => a.data);

export const fetchRoles = () => call('GET /api/roles').then((a) => a.data);

export const addRole = (body: RoleInput) => call('POST /api/roles', { body }).then((a) => a.data);

export const editRole = (id: number, body: RoleEdit) =>
  call('POST /api/roles/:id', { params: { id }, body }).then((a) => a.data);
