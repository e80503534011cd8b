import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The guard against English in the customer screens (eslint/customer-text.js), through the project's own ESLint
// config: which folders it covers, and what it reports there.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

/** The customer-text findings for a component at that path, as "line: message". */
async function findings(file: string, body: string): Promise<string[]> {
  const code = `import { useTranslation } from 'react-i18next';
export function Screen({ done, name }: { done: boolean; name: string }) {
  const { t } = useTranslation();
  return (
${body}
  );
}
`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages
    .filter((m) => m.ruleId === 'local/customer-text')
    .map((m) => `${m.line - 4}: ${m.message.replace(/ \(its text comes .*$/, '')}`);
}

describe('no English in the customer screens', () => {
  // Loading the config (typescript-eslint above all) takes seconds on a busy machine; the checks then take ms.
  beforeAll(() => eslint.calculateConfigForFile('src/web/features/store/screen.tsx'), 60_000);

  it('reports text, shown strings and user-visible attributes written in the markup', async () => {
    const body = `    <section aria-label="Your order" title={done ? 'Saved' : 'Saving'}>
      <p>Ready by tomorrow</p>
      {done ? 'Saved' : null}
      {name || 'Address'}
      <img src="/a.png" alt={\`Photo of \${name}\`} />
      <Modal footer={<button>Close</button>} />
      <input placeholder="Search" />
      <Field label="Quantity" hint={done ? t('dialog.quantity') : 'Whole pieces'} />
    </section>`;
    expect(await findings('src/web/features/store/screen.tsx', body)).toEqual([
      '1: English in a customer screen: aria-label="Your order"',
      '1: English in a customer screen: title="Saved"',
      '1: English in a customer screen: title="Saving"',
      '2: English in a customer screen: "Ready by tomorrow"',
      '3: English in a customer screen: "Saved"',
      '4: English in a customer screen: "Address"',
      '5: English in a customer screen: alt="Photo of"',
      '6: English in a customer screen: "Close"',
      '7: English in a customer screen: placeholder="Search"',
      '8: English in a customer screen: label="Quantity"',
      '8: English in a customer screen: hint="Whole pieces"',
    ]);
  });

  it('passes text from t(), strings handed to functions, attributes nobody reads and text without letters', async () => {
    const body = `    <section aria-label={t('store.title')} className="p-4" data-testid="screen">
      <p>{t('dialog.readyBy', { date: name })}</p>
      <input type="email" placeholder="you@example.com" {...register('email')} />
      <span>{name} · {done ? '✓' : '—'} (1/2) …</span>
      <Trans i18nKey="auth.botNotice" components={{ terms: <a href="/terms" /> }} />
    </section>`;
    expect(await findings('src/web/features/checkout/screen.tsx', body)).toEqual([]);
  });

  it('covers the listed customer parts only: staff screens stay English', async () => {
    const body = `    <p>Ready by tomorrow</p>`;
    expect(await findings('src/web/features/cart/screen.tsx', body)).toHaveLength(1);
    expect(await findings('src/web/features/landing/deep/screen.tsx', body)).toHaveLength(1);
    expect(await findings('src/web/features/messages/mine/screen.tsx', body)).toHaveLength(1);
    expect(await findings('src/web/features/messages/my-messages-page.tsx', body)).toHaveLength(1);
    expect(await findings('src/web/features/store/admin-screen.tsx', body)).toEqual([]);
    expect(await findings('src/web/features/quotes/start-quote-page.tsx', body)).toEqual([]);
    expect(await findings('src/web/features/messages/thread-view.tsx', body)).toEqual([]);
    expect(await findings('src/web/features/admin-orders/screen.tsx', body)).toEqual([]);
    expect(await findings('src/web/features/today/screen.tsx', body)).toEqual([]);
    expect(await findings('src/web/components/screen.tsx', body)).toEqual([]);
  });
});
