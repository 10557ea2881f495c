import { z } from 'zod';
import {
  backupContents,
  backupInfo,
  backupNameParam,
  backupStatus,
  inspectBackupBody,
  restoreBackupBody,
} from './backup';
import { one } from './common';
import type { Endpoints } from './endpoint';

/** The back office's backups: the list and status, "Back up now", a download, and a restore. */
export const backupApi = {
  'GET /api/backups': { answer: one(backupStatus) },
  // 409 while another backup is being taken.
  'POST /api/backups': { status: 201, answer: one(backupInfo) },
  'GET /api/backups/:name': { params: backupNameParam, answer: 'file' },
  // A kept backup checked as `npm run restore` checks it; 422 for a file that cannot be restored.
  'POST /api/backups/inspect': { body: inspectBackupBody, answer: one(backupContents) },
  // The same for a file the owner uploads (multipart `file`); it is kept an hour under `upload`.
  'POST /api/backups/upload': { body: 'form', answer: one(backupContents) },
  // 422 for the wrong shop name or a bad file, 409 while a restore runs; every session ends after.
  'POST /api/backups/restore': {
    body: restoreBackupBody,
    answer: one(z.object({ restored: z.string(), safety_backup: z.string() })),
  },
} satisfies Endpoints;
