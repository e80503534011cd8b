import { useTranslation } from 'react-i18next';
import { formatDateIn, formatDateTimeIn, formatDayIn, formatMoneyIn } from '@shared/locale-format';

/** Money and the shop's dates in the language on screen: "$1,234.50", "Nov 25, 2026" / "25 nov 2026". */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return {
    money: (dollars: number) => formatMoneyIn(lng, dollars),
    date: (at: Date | string) => formatDateIn(lng, at),
    dateTime: (at: Date | string) => formatDateTimeIn(lng, at),
    day: (day: string) => formatDayIn(lng, day),
  };
}
