import { ErrorAlert } from '@web/components/forms/error-alert';

/**
 * Above a batch of printed pages (one per chosen order), on screen only: none chosen, still loading, or how many
 * could not be loaded, so a short stack is never printed without anyone noticing.
 */
export function BatchState({ results }: { results: readonly { data?: unknown; isError: boolean }[] }) {
  const ready = results.every((r) => r.data);
  const failed = results.filter((r) => r.isError).length;
  return (
    <div className="print:hidden">
      {results.length === 0 ? <p className="text-gray-400">Choose orders in the order list first.</p> : null}
      {!ready && !failed ? (
        <p role="status" className="text-gray-400">
          Loading orders…
        </p>
      ) : null}
      <ErrorAlert message={failed ? `${failed} of the orders could not be loaded` : null} />
    </div>
  );
}
