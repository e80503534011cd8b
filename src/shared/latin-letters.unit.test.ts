import { describe, expect, it } from 'vitest';
import { nameTextProblem, nameTextSchema } from './cart';
import { contactNameField } from './fields';

const LETTERS_ONLY = 'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods';

describe('names as they are written', () => {
  it('sews the letters of the Latin alphabets, accents included', () => {
    for (const name of ['José Peña', 'Nguyễn', 'Łukasz', 'Müller-Öz', "O'Brien Jr.", 'Çağla', 'Søren', 'ß'])
      expect(nameTextSchema.parse(name)).toBe(name);
  });

  it('keeps what it sews in one spelling: an accent typed as a separate mark becomes the accented letter', () => {
    const typed = 'Jose\u0301';
    expect(nameTextSchema.parse(typed)).toBe('José');
    expect(nameTextSchema.parse(typed)).toHaveLength(4);
  });

  it('refuses other scripts, signs and emoji with the message as the customer types', () => {
    for (const name of ['Иван', '李雷', 'Ana🙂', 'A<b>', 'Ana_2', '×'])
      expect(nameTextProblem(name), name).toBe(LETTERS_ONLY);
    expect(nameTextProblem('')).toBeNull();
    expect(nameTextProblem('Nguyễn')).toBeNull();
  });

  it('takes the same letters in a contact name, with its own message', () => {
    expect(contactNameField.parse('Nguyễn Văn An')).toBe('Nguyễn Văn An');
    const refused = contactNameField.safeParse('Иван Петров');
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(
      'Name can only contain letters, spaces, hyphens, and apostrophes',
    );
  });
});
