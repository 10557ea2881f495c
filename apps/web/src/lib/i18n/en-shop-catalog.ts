/** English texts of the storefront's catalogue screens (home, category, search, product, requests). */
export const enShopCatalog = {};
