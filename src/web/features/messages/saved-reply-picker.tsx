import { Select } from '@web/components/ui';
import { useSavedReplies } from './api/saved-replies';

/** Inserts a saved reply's text into the composer, where it is edited before sending; hidden while there are none. */
export function SavedReplyPicker({ onPick }: { onPick: (body: string) => void }) {
  const { data } = useSavedReplies();
  const list = data?.saved_replies ?? [];
  if (list.length === 0) return null;
  return (
    <div className="shrink-0">
      <label htmlFor="saved-reply" className="sr-only">
        Insert saved reply
      </label>
      <Select
        id="saved-reply"
        dense
        className="w-40 text-sm sm:w-44"
        value=""
        onChange={(e) => {
          const picked = list.find((r) => String(r.id) === e.target.value);
          if (picked) onPick(picked.body);
        }}
      >
        <option value="">Insert saved reply…</option>
        {list.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </Select>
    </div>
  );
}
