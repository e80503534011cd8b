import { describe, expect, it } from 'vitest';
import { customizationsSchema, nameTextProblem } from './cart';
import { KIND_MESSAGES, kindTextProblem, kindTextSchema } from './decorations';

const LETTERS_ONLY = 'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods';

describe("an added kind's text (a station or unit number)", () => {
  it("takes letters (accented too), digits, spaces and - . # & ' /", () => {
    for (const text of [
      'Station 4',
      'Unit #12',
      'Search & Rescue',
      'Engine 7/B',
      "O'Neil Co. 3-A",
      'Estación Peña 2',
    ]) {
      expect(kindTextSchema.parse(text), text).toBe(text);
      expect(kindTextProblem(text), text).toBeNull();
    }
    expect(kindTextSchema.parse('  Station 4 ')).toBe('Station 4');
  });

  it('refuses other characters and more than 30, each with its own message', () => {
    for (const text of ['Station 4!', '50%', '<b>4</b>', 'Station 🚒', 'Станция 4', 'A_B'])
      expect(kindTextProblem(text), text).toBe(KIND_MESSAGES.textCharacters);
    expect(kindTextProblem('A'.repeat(30))).toBeNull();
    expect(kindTextProblem('A'.repeat(31))).toBe('The text can be at most 30 characters');
    expect(kindTextProblem('   ')).toBeNull();
  });

  it('is what the cart schema checks for an added kind, while the embroidered name stays letters only', () => {
    const added = customizationsSchema.safeParse({
      decorations: [{ kind: 'station_patch', position: 'left_sleeve', text: 'Station 4' }],
    });
    expect(added.success && added.data).toEqual([
      { type: 'station_patch', position: 'left_sleeve', text: 'Station 4' },
    ]);
    const refused = customizationsSchema.safeParse([
      { type: 'station_patch', position: 'left_sleeve', text: 'St. 4!' },
    ]);
    expect(refused.success ? null : refused.error.issues[0]).toMatchObject({
      message: KIND_MESSAGES.textCharacters,
      path: ['station_patch', 'text'],
    });
    const name = customizationsSchema.safeParse({ add_name: { position: 'left_side', text: 'Station 4' } });
    expect(name.success ? null : name.error.issues[0]?.message).toBe(LETTERS_ONLY);
    expect(nameTextProblem('Station 4')).toBe(LETTERS_ONLY);
  });
});
