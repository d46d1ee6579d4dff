import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { focusRing } from '../../lib/focus-ring';

/** The tab set's root: which panel shows, controlled or from `defaultValue` (Radix Tabs). */
export const Tabs = RadixTabs.Root;

/** The row of tabs, drawn as one pill that scrolls sideways when the tabs outgrow a phone. */
export function TabList({ className = '', ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List className={`mb-4 flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 ${className}`} {...props} />
  );
}

/** One tab; the chosen one is lifted white with indigo text. */
export function TabTrigger({ className = '', ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={`shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm ${focusRing} ${className}`}
      {...props}
    />
  );
}

/** One tab's content; Radix focuses it from the tab list, so it draws no focus outline of its own. */
export function TabPanel({ className = '', ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={`outline-none ${className}`} {...props} />;
}
