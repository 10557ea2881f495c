/** English texts of the storefront's catalogue screens (home, category, search, product, requests). */
export const enShopCatalog = {
  home: {
    title: 'Fresh groceries delivered',
    stories: 'Daily campaign',
    story: 'Campaign {{number}}',
    offers: 'Offer Products',
    popular: 'Popular Products',
    offersEmpty: 'No offers right now. Please check again soon.',
    popularEmpty: 'No popular products yet.',
    offersFailed: 'Could not load the offer products.',
    popularFailed: 'Could not load the popular products.',
  },
  category: {
    heading: 'Category: {{title}}',
    empty: 'There are no products in this category yet.',
    notFound: 'This category does not exist. Please choose one from the menu.',
    failed: 'Could not load this category.',
  },
  productPage: {
    notFound: 'This product is no longer in the shop.',
    failed: 'Could not load this product.',
    breadcrumb: 'Where this product is',
    home: 'Home',
  },
  search: {
    heading: 'Search Result',
    for: 'Products matching “{{text}}”',
    none: 'No products found for “{{text}}”.',
    tooShort: 'Type more than 2 characters to search.',
    failed: 'Could not search right now.',
  },
  product: {
    addToCart: 'Add to cart',
    stockOut: 'Stock Out',
    request: 'Notify me when available',
    oldPrice: 'Old price',
    brand: 'Brand: {{title}}',
    details: 'Product details',
    sizeOf: 'Size of {{title}}',
    page: 'Open product page',
  },
  messages: {
    added: 'Product added into cart',
    duplicate: 'Already added into cart',
    requestSent: 'Request send successfuly',
    loginForRequest: 'Please login for request',
  },
};
