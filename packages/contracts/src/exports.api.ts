import type { Endpoints } from './endpoint';
import { exportFileParams, exportQuery } from './exports';

/** Downloads for the owner and the accountant: every list with its screen's filters, as CSV or XLSX. */
export const exportsApi = {
  'GET /api/export/:file': { params: exportFileParams, query: exportQuery, answer: 'file' },
} satisfies Endpoints;
