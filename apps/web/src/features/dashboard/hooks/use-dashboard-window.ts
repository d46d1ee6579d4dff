import { useSearchParams } from 'react-router';

/** The dashboard's windows (7, 30 or 90 days; spec section 9: 30 by default), labelled for the selector. */
export const WINDOW_OPTIONS = [
  { value: '7', label: '7 days', title: 'Last 7 days' },
  { value: '30', label: '30 days', title: 'Last 30 days' },
  { value: '90', label: '90 days', title: 'Last 90 days' },
] as const;
export type WindowValue = (typeof WINDOW_OPTIONS)[number]['value'];

const isWindow = (value: string | null): value is WindowValue => WINDOW_OPTIONS.some((o) => o.value === value);

/** The window lives in the address (?days=7), so a reload or a shared link shows the same figures. */
export function useDashboardWindow() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('days');
  const value: WindowValue = isWindow(raw) ? raw : '30';
  const setValue = (next: WindowValue) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', next);
        return updated;
      },
      { replace: true },
    );
  return { value, days: Number(value), setValue };
}
