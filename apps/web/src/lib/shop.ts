/** The shop's name, shown in the top bars and the page title (through the message catalogue). */
export const SHOP_NAME = 'Bazar';

/** Who built the site, named in the footer credit. */
export const DEVELOPER_NAME = 'Bazar web team';
