/**
 * The storefront's main area for /, /category/:id and /search/:search. The stories, offer and
 * popular products and the category and search pages arrive with the catalogue issue.
 */
export function FrontPage() {
  return <div className="front-page" />;
}
