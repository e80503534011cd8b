import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('joins the first and last name with one space', () => {
    expect(personName('Ana', 'Ruiz', 'ana@example.com')).toBe('Ana Ruiz');
    expect(personName('Ana', null, 'ana@example.com')).toBe('Ana');
    expect(personName(undefined, 'Ruiz', 'ana@example.com')).toBe('Ruiz');
  });
  it('gives the fallback when the person has no name yet, blank names counting as none', () => {
    expect(personName(null, null, 'ana@example.com')).toBe('ana@example.com');
    expect(personName('  ', '', 'No name yet')).toBe('No name yet');
    expect(personName(null, undefined, '')).toBe('');
  });
  it('gives null without a fallback, for an API field that is null until the person names themselves', () => {
    expect(personName(null, null)).toBeNull();
    expect(personName(' Ana ', 'Ruiz ')).toBe('Ana Ruiz');
  });
});
