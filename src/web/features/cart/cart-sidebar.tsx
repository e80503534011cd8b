// Placeholder slot (owned by the cart feature): the 384 px store sidebar's content (SPEC §2).
export default function CartSidebar() {
  return null;
}
