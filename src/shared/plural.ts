/**
 * A count with its word: "1 order", "3 orders", "0 orders". Irregular words give their plural ("entry", "entries");
 * a phrase works too ("order was", "orders were"). One helper so a new message cannot get "1 orders".
 */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
