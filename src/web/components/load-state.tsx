import { ErrorAlert } from './forms/error-alert';

/** A page's first load: a status line while its data is on the way, an alert if loading failed. */
export function LoadState({
  pending,
  failed,
  pendingText,
  failedText,
}: {
  pending: boolean;
  failed: boolean;
  pendingText: string;
  failedText: string;
}) {
  return (
    <>
      {pending ? (
        <p role="status" className="text-gray-400">
          {pendingText}
        </p>
      ) : null}
      <ErrorAlert message={failed ? failedText : null} className="text-red-400" />
    </>
  );
}
