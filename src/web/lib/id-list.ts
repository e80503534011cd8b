/** "1,2,3" from the URL as ids; anything that is not a positive whole number is dropped. */
export const parseIds = (text: string | null) =>
  [
    ...new Set(
      (text ?? '')
        .split(',')
        .filter((s) => /^\d+$/.test(s))
        .map(Number),
    ),
  ].filter((n) => n > 0);
