// Placeholder slot (owned by the cart feature): a link to /checkout with the cart's item-count badge.
export default function CartLink() {
  return null;
}
