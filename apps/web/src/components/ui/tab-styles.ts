import { focusRing } from './focus-ring';

// Tab list and trigger styles shared by the screens that use Radix Tabs.
export const tabListClass = 'mb-4 flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1';
export const tabTriggerClass = `shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm ${focusRing}`;
