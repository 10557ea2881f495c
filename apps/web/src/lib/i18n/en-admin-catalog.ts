/** English texts of the back office's catalogue screens (products, brands, categories, stories, barcodes, requests). */
export const enAdminCatalog = {};
