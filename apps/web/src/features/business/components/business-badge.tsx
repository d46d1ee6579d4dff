import type { Business } from '@ri/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { focusRing } from '../../../lib/focus-ring';
import { useCurrentBusiness } from '../hooks/use-current-business';
import { useSwitchBusiness } from '../hooks/use-switch-business';

const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;

function ColourDot({ colour }: { colour: string }) {
  // The colour comes from the server; only a hex value reaches the style attribute.
  const safe = HEX_COLOUR.test(colour) ? colour : '#94a3b8';
  return <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: safe }} />;
}

export function ReadOnlyTag() {
  return (
    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Read-only</span>
  );
}

function BusinessLabel({ business }: { business: Business }) {
  return (
    <span className="flex min-w-0 flex-col text-left leading-tight">
      <span className="truncate text-sm font-semibold text-slate-900">{business.name}</span>
      <span className="truncate text-xs text-slate-500">{business.industry_label}</span>
    </span>
  );
}

/** The business in use (name, industry, colour) and the menu that switches to another one. */
export function BusinessBadge() {
  const { business, businesses, isPending, isError } = useCurrentBusiness();
  const switchBusiness = useSwitchBusiness();

  if (isPending) return <span className="text-sm text-slate-500">Loading business...</span>;
  if (isError || !business) return <span className="text-sm text-red-700">Business unavailable</span>;

  return (
    <div className="flex min-w-0 items-center gap-2">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Switch business"
          title={business.description ?? undefined}
          className={`flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 hover:bg-slate-50 ${focusRing}`}
        >
          <ColourDot colour={business.color} />
          <BusinessLabel business={business} />
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={8}
            className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-500">
              Businesses
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={business.id}
              onValueChange={(id) => id !== business.id && switchBusiness(id)}
            >
              {businesses.map((b) => (
                <DropdownMenu.RadioItem
                  key={b.id}
                  value={b.id}
                  title={b.description ?? undefined}
                  className="flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 outline-none data-[highlighted]:bg-indigo-50"
                >
                  <ColourDot colour={b.color} />
                  <BusinessLabel business={b} />
                  <span className="ml-auto shrink-0 text-xs capitalize text-slate-500">
                    {b.role}
                    {b.read_only ? ' · read-only' : ''}
                  </span>
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-indigo-600" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {business.read_only && <ReadOnlyTag />}
    </div>
  );
}
