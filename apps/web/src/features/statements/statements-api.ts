import type {
  StatementColumns,
  StatementMapping,
  StatementMatch,
  StatementMethod,
} from '@bazar/contracts/statements';
import { call } from '../../lib/api';

export type { StatementColumns, StatementMapping, StatementMatch, StatementMethod };

/** The first step's choice: whose statement, the file, and the shop days ('' for the file's own). */
export interface StatementFile {
  method: StatementMethod;
  file: File;
  from: string;
  to: string;
}

/** The multipart body both calls start with: the file and the method it is a statement of. */
function formOf({ method, file }: StatementFile): FormData {
  const body = new FormData();
  body.append('file', file);
  body.append('method', method);
  return body;
}

/** POST /api/statements/columns: the file's header, a few rows, and the columns to offer. */
export const readColumns = (chosen: StatementFile) =>
  call('POST /api/statements/columns', { body: formOf(chosen) }).then((answer) => answer.data);

/**
 * POST /api/statements/match: the statement matched with the shop's payments by transaction id.
 * Empty days are left out, so the server takes the days the statement's own time column covers.
 */
export function matchStatement(chosen: StatementFile, mapping: StatementMapping) {
  const body = formOf(chosen);
  body.append('trx_column', mapping.trx);
  body.append('amount_column', mapping.amount);
  body.append('time_column', mapping.time);
  if (chosen.from) body.append('from', chosen.from);
  if (chosen.to) body.append('to', chosen.to);
  return call('POST /api/statements/match', { body }).then((answer) => answer.data);
}
