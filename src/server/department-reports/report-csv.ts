import type { DepartmentReport } from '../../shared/department-report';
import { toCents } from '../../shared/money';
import { csvRow as row, dollarsText } from '../../shared/csv';

const money = (dollars: number) => dollarsText(toCents(dollars));
const moneyOrBlank = (dollars: number | null) => (dollars === null ? null : money(dollars));

/** Day before a shop day, "2026-12-31" for "2027-01-01": the period's last day as people write it. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The report as CSV (RFC 4180, UTF-8 with BOM, CRLF like the order export): members with their allowance, then months. */
export function reportCsv(r: DepartmentReport): string {
  return [
    '\uFEFF',
    row(['Department', r.department.name]),
    row(['Period', r.period.start, dayBefore(r.period.end)]),
    '\r\n',
    row(['Member', 'E-mail', 'Orders', 'Spend', 'Allowance', 'Allowance used', 'Allowance remaining']),
    ...r.members.map((m) =>
      row([
        m.name,
        m.email,
        m.orders,
        money(m.spend),
        moneyOrBlank(m.allowance),
        moneyOrBlank(m.allowance_used),
        moneyOrBlank(m.allowance_remaining),
      ]),
    ),
    row(['Total', null, r.total.orders, money(r.total.spend)]),
    '\r\n',
    row(['Month', 'Orders', 'Spend']),
    ...r.months.map((m) => row([m.month, m.orders, money(m.spend)])),
  ].join('');
}

export const reportFilename = (r: DepartmentReport) =>
  `department-${r.department.id}-${r.period.start.slice(0, 4)}.csv`;
