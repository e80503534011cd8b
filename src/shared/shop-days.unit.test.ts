import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from './audit';
import { dueDateChangeSchema } from './due-date-rules';
import { adminExportQuerySchema, adminListQuerySchema, checkoutSchema } from './orders';
import { reportQuerySchema } from './reports';

// Security round 4, findings 2 and 7: every date the API takes is a real day from 2000-01-01 to 2100-12-31.
const OUT = 'Dates must be between 2000-01-01 and 2100-12-31';
const BAD = 'Dates are written YYYY-MM-DD';
const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the shared day rule', () => {
  it.each([
    ['0001-01-01', OUT],
    ['1999-12-31', OUT],
    ['2101-01-01', OUT],
    ['9999-12-31', OUT],
    ['2026-02-30', BAD],
    ['2026-13-01', BAD],
    ['26-01-01', BAD],
  ])('refuses %s in every date field: %s', (day, message) => {
    expect(messages(reportQuerySchema.safeParse({ from: day, to: '2026-06-30' }))).toContain(`from: ${message}`);
    expect(messages(reportQuerySchema.safeParse({ from: '2026-01-01', to: day }))).toContain(`to: ${message}`);
    for (const schema of [adminListQuerySchema, adminExportQuerySchema, auditQuerySchema]) {
      expect(messages(schema.safeParse({ from: day }))).toEqual([`from: ${message}`]);
      expect(messages(schema.safeParse({ to: day }))).toEqual([`to: ${message}`]);
    }
    expect(messages(dueDateChangeSchema.safeParse({ due_date: day }))).toEqual([`due_date: ${message}`]);
    expect(messages(checkoutSchema.safeParse({ fulfillment: 'pickup', due_date: day }))).toEqual([
      `due_date: ${message}`,
    ]);
  });

  it('takes the first and the last day of the range, and a leap day', () => {
    expect(reportQuerySchema.safeParse({ from: '2000-01-01', to: '2004-12-31' }).success).toBe(true);
    expect(adminListQuerySchema.safeParse({ from: '2000-01-01', to: '2100-12-31' }).success).toBe(true);
    expect(dueDateChangeSchema.safeParse({ due_date: '2100-12-31' }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ from: '2028-02-29', to: '' }).success).toBe(true);
  });

  it('keeps a report under five years by the calendar, and puts the start on or before the end', () => {
    const report = (from: string, to: string) => messages(reportQuerySchema.safeParse({ from, to }));
    expect(report('2024-02-29', '2029-02-28')).toEqual([]);
    expect(report('2024-02-29', '2029-03-01')).toEqual(['to: A report covers at most 5 years']);
    expect(report('2019-01-02', '2024-01-01')).toEqual([]);
    expect(report('2019-01-01', '2024-01-01')).toEqual(['to: A report covers at most 5 years']);
    expect(report('2024-03-02', '2024-03-01')).toEqual(['to: The start date must be on or before the end date']);
    expect(messages(auditQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      'to: The start date must be on or before the end date',
    ]);
  });
});
