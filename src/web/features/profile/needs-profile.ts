// Pages of a signed-in user where an incomplete profile must be completed first (docs/product.md#profile): never the
// landing page or the approval links. Its own module so the app shell can test it without the modal's chunk.
export const NEEDS_PROFILE = /^\/(store|orders|checkout|admin)(\/|$)/;
