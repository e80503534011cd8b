import type { PickGarment, PickList as List } from '@shared/pick-list';
import { PaperScroll } from '@web/components/paper-scroll';
import { FloorPaper } from './floor-paper';

const cell = 'border border-gray-400 px-2 py-1 text-center tabular-nums';
const head = 'border border-gray-400 bg-gray-100 px-2 py-1 text-center text-xs font-semibold';

// The floor's plural for SPEC's kinds; any other kind is headed by its label as the orders kept it.
const PLURALS: Partial<Record<string, string>> = {
  add_name: 'Names',
  us_flag: 'US flag patches',
  az_flag: 'Arizona flag patches',
};

/** "Name - wearer's left chest" -> "Wearer's left chest": where a kind goes on a side, as its placement says. */
const spotOf = (placement: string) => {
  const spot = placement.split(' - ').pop() ?? '';
  return spot.charAt(0).toUpperCase() + spot.slice(1);
};

/** Each kind the list counts, in the list's order (SPEC's three, then others): its heading and side words. */
function kindsOf(list: List) {
  const out = new Map<string, { type: string; what: string; left: string; right: string }>();
  for (const d of list.decorations) {
    const kind = out.get(d.type) ?? { type: d.type, what: PLURALS[d.type] ?? d.label, left: '', right: '' };
    if (d.position === 'left_side') kind.left = spotOf(d.placement);
    if (d.position === 'right_side') kind.right = spotOf(d.placement);
    out.set(d.type, kind);
  }
  return [...out.values()];
}

/** Garments whose size lists are the same share one grid (every top in one, every cap in another). */
function grids(garments: PickGarment[]) {
  const out = new Map<string, { sizes: string[]; rows: PickGarment[] }>();
  for (const g of garments) {
    const sizes = g.sizes.map((s) => s.size);
    const key = sizes.join('|');
    const grid = out.get(key) ?? { sizes, rows: [] };
    grid.rows.push(g);
    out.set(key, grid);
  }
  return [...out.values()];
}

const count = (n: number) => (n ? n : <span className="text-gray-400">–</span>);

/** What the floor pulls in the morning: blanks in size grids, then decorations by kind and position. */
export function PickList({ list, scope }: { list: List; scope: string }) {
  const byKey = new Map(list.decorations.map((d) => [`${d.type}:${d.position}`, d.count]));
  return (
    <FloorPaper testId="pick-list" title="Pick list" scope={scope} orders={list.order_count} pieces={list.piece_count}>
      {list.garments.length === 0 ? <p className="py-6 text-center text-gray-600">Nothing to pull.</p> : null}
      {grids(list.garments).map((grid) => (
        <section key={grid.sizes.join('|')} className="mb-5 break-inside-avoid">
          <PaperScroll label={`Blanks in sizes ${grid.sizes.join(', ')}`}>
            <table className="w-full border-collapse" data-testid="pick-grid">
              <caption className="sr-only">Blanks by garment, colour and size</caption>
              <thead>
                <tr>
                  <th className={`${head} text-left`}>Garment</th>
                  <th className={`${head} text-left`}>Colour</th>
                  {grid.sizes.map((s) => (
                    <th key={s} className={`${head} w-12`}>
                      {s}
                    </th>
                  ))}
                  <th className={`${head} w-14`}>Total</th>
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((g) => (
                  <tr key={`${g.product_name}|${g.color}`} data-testid="pick-row">
                    <th scope="row" className={`${cell} text-left font-semibold`}>
                      {g.product_name}
                    </th>
                    <td className={`${cell} text-left`}>{g.color}</td>
                    {g.sizes.map((s) => (
                      <td key={s.size} className={`${cell} font-semibold`}>
                        {count(s.quantity)}
                      </td>
                    ))}
                    <td className={`${cell} font-bold`}>{g.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PaperScroll>
        </section>
      ))}
      <section className="break-inside-avoid">
        <h3 className="mb-1 font-bold">Decorations</h3>
        <table className="w-full max-w-2xl border-collapse" data-testid="pick-decorations">
          <caption className="sr-only">Decorations by kind and position</caption>
          <thead>
            <tr>
              <th className={`${head} text-left`}>Kind</th>
              <th className={head}>Left</th>
              <th className={head}>Right</th>
              <th className={head}>Elsewhere</th>
              <th className={head}>Total</th>
            </tr>
          </thead>
          <tbody>
            {kindsOf(list).map((w) => {
              const type = w.type;
              const left = byKey.get(`${type}:left_side`) ?? 0;
              const right = byKey.get(`${type}:right_side`) ?? 0;
              // A cap's front, a leg of pants: the positions only some garments take.
              const elsewhere = list.decorations.filter(
                (d) => d.type === type && d.position !== 'left_side' && d.position !== 'right_side' && d.count > 0,
              );
              const total = left + right + elsewhere.reduce((sum, d) => sum + d.count, 0);
              return (
                <tr key={type}>
                  <th scope="row" className={`${cell} text-left font-semibold`}>
                    {w.what}
                  </th>
                  <td className={cell}>
                    <span className="font-semibold">{count(left)}</span>{' '}
                    <span className="text-xs text-gray-600">{w.left}</span>
                  </td>
                  <td className={cell}>
                    <span className="font-semibold">{count(right)}</span>{' '}
                    <span className="text-xs text-gray-600">{w.right}</span>
                  </td>
                  <td className={cell}>
                    {elsewhere.length
                      ? elsewhere.map((d) => (
                          <span key={d.position} className="block">
                            <span className="font-semibold">{d.count}</span>{' '}
                            <span className="text-xs text-gray-600">{d.placement.split(' - ').pop()}</span>
                          </span>
                        ))
                      : count(0)}
                  </td>
                  <td className={`${cell} font-bold`}>{total}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </FloorPaper>
  );
}
