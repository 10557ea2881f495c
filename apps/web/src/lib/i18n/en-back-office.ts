import { enAdminStaff } from './en-admin-staff';
import { enExpiry } from './en-expiry';
import { enReorder } from './en-reorder';
import { enRiders } from './en-riders';
import { enShrinkage } from './en-shrinkage';
import { enStocktakes } from './en-stocktakes';
import { addEnglish } from './i18n';

/**
 * The back office's English texts that are not in a shopper's first load (en.ts declares their
 * shape): staff, roles and the audit trail, the riders' screens, stock counts, write-offs, what to
 * order and expiry dates. The back office's frame
 * (admin-layout.tsx) imports this module, so they are here before any back-office screen draws;
 * their Bangla comes with the Bangla catalogue as every other text's does.
 */
addEnglish('adminStaff', enAdminStaff);
addEnglish('riders', enRiders);
addEnglish('stocktakes', enStocktakes);
addEnglish('shrinkage', enShrinkage);
addEnglish('reorder', enReorder);
addEnglish('expiry', enExpiry);
