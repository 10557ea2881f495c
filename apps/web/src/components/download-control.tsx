import type { ExportFormat, ExportName } from '@bazar/contracts/exports';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../lib/api';
import { serverMessage } from '../lib/form-errors';
import { useTranslation } from '../lib/i18n/i18n';
import { toast } from '../lib/toast';
import { DownloadIcon } from './admin-icons';

interface DownloadControlProps {
  /** Which list (`GET /api/export/{name}.{format}`). */
  name: ExportName;
  /** The screen's filters as its list call sends them, paging left out (empty values are not sent). */
  query?: Record<string, string>;
  disabled?: boolean;
  className?: string;
}

/**
 * Download: the list of the screen, every page of it with the screen's filters, as CSV or as an
 * Excel workbook. The file comes with the admin's token (lib/api download) and is saved under the
 * name the server gives it (`orders-2026-11-27.xlsx`).
 */
export function DownloadControl({
  name,
  query = {},
  disabled = false,
  className = '',
}: DownloadControlProps) {
  const { t } = useTranslation();
  const fetching = useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadFile(
        'GET /api/export/:file',
        { params: { file: `${name}.${format}` }, query },
        `${name}.${format}`,
      ),
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
  });
  const button = (format: ExportFormat) => {
    const busy = fetching.isPending && fetching.variables === format;
    return (
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={t(`admin.download.${format}Name`)}
        aria-busy={busy || undefined}
        disabled={disabled || fetching.isPending}
        onClick={() => fetching.mutate(format)}
      >
        {busy ? (
          <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
        ) : (
          <DownloadIcon className="me-1" />
        )}
        {t(`admin.download.${format}`)}
      </button>
    );
  };
  return (
    <div
      className={`btn-group d-print-none ${className}`.trim()}
      role="group"
      aria-label={t('admin.download.label')}
    >
      {button('csv')}
      {button('xlsx')}
    </div>
  );
}
