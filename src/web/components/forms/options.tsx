/** A select's choices: first the empty one (nothing chosen yet, or no filter), then one per value under its label. */
export function Options<T extends string>({
  empty,
  values,
  labels,
}: {
  empty: string;
  values: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels[v]}
        </option>
      ))}
    </>
  );
}
