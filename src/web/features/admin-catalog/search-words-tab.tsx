import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { synonymGroupSchema } from '@shared/search-words';
import { LoadState } from '@web/components/load-state';
import { Button, Field, Input } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDeleteSynonyms, useSaveSynonyms, useSynonymGroups } from './api/synonym-calls';

const wordsOf = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** One group as a line of words separated by commas, saved when changed. `id` absent: a new group. */
function GroupRow({ id, words, onSaved }: { id?: number; words: string[]; onSaved?: () => void }) {
  const [text, setText] = useState(words.join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSynonyms();
  const remove = useDeleteSynonyms();
  const changed = text !== words.join(', ');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = synonymGroupSchema.safeParse({ words: wordsOf(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the words');
    setError(null);
    try {
      await save.mutateAsync({ id, words: parsed.data.words });
      toast.success(id === undefined ? 'Search words added' : 'Search words saved');
      onSaved?.();
    } catch (err) {
      setError(errorText(err, 'The words could not be saved'));
    }
  };
  const drop = () =>
    remove.mutate(id!, {
      onSuccess: () => toast.success('Search words removed'),
      onError: (err) => toast.error(errorText(err, 'The words could not be removed')),
    });
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-2" data-testid="synonym-group">
      <Field
        className="min-w-0 basis-full sm:basis-0 sm:flex-1"
        label={id === undefined ? 'New group of words' : 'Words that mean the same'}
        labelHidden={id !== undefined}
        error={error}
      >
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="beanie, knit cap, headwear" />
      </Field>
      <Button type="submit" variant="secondary" disabled={!changed} loading={save.isPending}>
        {id === undefined ? (
          <>
            <Plus className="h-4 w-4" aria-hidden /> Add
          </>
        ) : (
          'Save'
        )}
      </Button>
      {id !== undefined ? (
        <Button type="button" variant="icon" onClick={drop} loading={remove.isPending} aria-label={`Remove ${text}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      ) : null}
    </form>
  );
}

/** The words the store's search treats as the same garment (docs/product.md#search-in-the-trades-words). */
export function SearchWordsTab() {
  const { data, isPending, isError } = useSynonymGroups();
  const [fresh, setFresh] = useState(0);
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-400">
        Each line is a group of words a shopper may search by that mean the same garment, separated by commas: a search
        for any of them finds what the others find. A typo of one letter is forgiven in words of four letters or more.
      </p>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the search words…"
        failedText="The search words could not be loaded."
      />
      <div className="space-y-2">
        {data?.map((g) => (
          <GroupRow key={`${g.id}:${g.words.join(',')}`} id={g.id} words={g.words} />
        ))}
      </div>
      <GroupRow key={`new-${fresh}`} words={[]} onSaved={() => setFresh((n) => n + 1)} />
    </div>
  );
}
