import { enAdminStaff } from './en-admin-staff';
import { enBackups, enFiles, enSettings, enSmsGateway } from './en-admin-settings';
import { enBackupRestore } from './en-backup-restore';
import { enExpiry } from './en-expiry';
import { enImportCategories } from './en-import-categories';
import { enReorder } from './en-reorder';
import { enRiders } from './en-riders';
import { enShrinkage } from './en-shrinkage';
import { enStocktakes } from './en-stocktakes';
import { addEnglish } from './i18n';

/**
 * The back office's English texts that are not in a shopper's first load (en.ts declares their
 * shape): staff, roles and the audit trail, the riders' screens, stock counts, write-offs, what to
 * order, expiry dates and the product import's category decisions. The back office's frame
 * (admin-layout.tsx) imports this module, so they are here before any back-office screen draws;
 * their Bangla comes with the Bangla catalogue as every other text's does.
 */
addEnglish('adminStaff', enAdminStaff);
addEnglish('riders', enRiders);
addEnglish('stocktakes', enStocktakes);
addEnglish('shrinkage', enShrinkage);
addEnglish('reorder', enReorder);
addEnglish('expiry', enExpiry);
addEnglish('importCategories', enImportCategories);
addEnglish('backupRestore', enBackupRestore);
addEnglish('settings', enSettings);
addEnglish('smsGateway', enSmsGateway);
addEnglish('backups', enBackups);
addEnglish('files', enFiles);
