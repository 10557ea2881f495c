import { backupInfo, backupNameParam, backupStatus } from './backup';
import { one } from './common';
import type { Endpoints } from './endpoint';

/** The back office's backups: the list and status, "Back up now" and a download. */
export const backupApi = {
  'GET /api/backups': { answer: one(backupStatus) },
  // 409 while another backup is being taken.
  'POST /api/backups': { status: 201, answer: one(backupInfo) },
  'GET /api/backups/:name': { params: backupNameParam, answer: 'file' },
} satisfies Endpoints;
