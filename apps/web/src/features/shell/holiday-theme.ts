import { chinaDay, holidayTheme } from '@picbook/domain';
import { useEffect } from 'react';
import './holiday-themes.css';

/** Sets html[data-theme] to the holiday of today (China date), re-checked every hour. */
export function useHolidayTheme(): void {
  useEffect(() => {
    const apply = () => {
      const theme = holidayTheme(chinaDay(Math.floor(Date.now() / 1000)));
      if (theme) document.documentElement.dataset.theme = theme;
      else delete document.documentElement.dataset.theme;
    };
    apply();
    const timer = setInterval(apply, 3600_000);
    return () => clearInterval(timer);
  }, []);
}
