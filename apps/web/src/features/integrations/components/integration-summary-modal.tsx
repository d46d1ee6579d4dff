import type {
  AnalyticsTest,
  CredentialsCheck,
  PaymentAccountInfo,
  SaveIntegrationResponse,
  VendorAccount,
} from '@ri/contracts';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatCount } from '../../../lib/format';

const TITLES: Record<CredentialsCheck['account_type'], string> = {
  payment_processor: 'Payment Processor Connected',
  social_ads: 'Social Ads Platform Connected',
  search_ads: 'Search Ads & Analytics Connected',
  crm: 'CRM Connected',
};

const BANNERS = {
  full: 'Full Access Connected',
  business: 'Business Access Connected',
  limited: 'Limited Access Connected',
} as const;

/** The banner of section 2.5, by the permission level the credentials check found. */
export const bannerOf = (level: CredentialsCheck['permission_level']) =>
  level ? BANNERS[level] : 'Successfully Connected';

const UNKNOWN = 'Unknown';

function PaymentAccountBox({ account }: { account: PaymentAccountInfo }) {
  const rows: [string, string][] = [
    ['Account ID', account.account_id],
    ['Business', account.business_name ?? UNKNOWN],
    ['Country', account.country ?? UNKNOWN],
    ['Currency', account.default_currency?.toUpperCase() ?? UNKNOWN],
    ['Charges', account.charges_enabled ? 'Enabled' : 'Disabled'],
    ['Payouts', account.payouts_enabled ? 'Enabled' : 'Disabled'],
  ];
  return (
    <section aria-labelledby="summary-account" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id="summary-account" className="text-sm font-semibold text-slate-900">
        Payment account
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:block">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const ACCOUNT_TITLES: Partial<Record<CredentialsCheck['account_type'], string>> = {
  social_ads: 'Ad account',
  search_ads: 'Ads account',
  crm: 'CRM location',
};

/** The ad account (or location, property) the connection reads: the owner checks it is the right one. */
function VendorAccountBox({ account, title }: { account: VendorAccount; title: string }) {
  const rows: [string, string][] = [
    ['ID', account.id],
    ['Name', account.name ?? UNKNOWN],
    ['Currency', account.currency?.toUpperCase() ?? UNKNOWN],
    ['Time zone', account.time_zone ?? UNKNOWN],
  ];
  return (
    <section aria-labelledby="summary-vendor-account" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id="summary-vendor-account" className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:block">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Section 8's note when the analytics test met errors. */
export const ANALYTICS_ERRORS_NOTE = 'API accessible but authentication needs valid token for data access';

/** The analytics events test (section 2.5): the three counts, or why it failed. */
function AnalyticsTestBox({ test }: { test: AnalyticsTest }) {
  const counts: [string, number][] = [
    ['Real-time events', test.real_time_events],
    ['Historical events', test.historical_events],
    ['Conversion events', test.conversion_events],
  ];
  return (
    <section aria-labelledby="summary-analytics" className="rounded-lg border border-slate-200 p-3">
      <h3 id="summary-analytics" className="text-sm font-semibold text-slate-900">
        Analytics events test
      </h3>
      {test.success ? (
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          {counts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Analytics test failed: {test.error ?? 'Unknown error'}
        </p>
      )}
      {test.errors.length > 0 && <p className="mt-2 text-sm text-amber-800">{ANALYTICS_ERRORS_NOTE}</p>}
    </section>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

const STEP_GROUPS = [
  ['immediate', 'Immediate'],
  ['recommended', 'Recommended'],
  ['advanced', 'Advanced'],
] as const;

function NextSteps({ steps }: { steps: CredentialsCheck['next_steps'] }) {
  const groups = STEP_GROUPS.filter(([key]) => steps[key].length > 0);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="summary-next-steps">
      <h3 id="summary-next-steps" className="text-sm font-semibold text-slate-900">
        Next steps
      </h3>
      {groups.map(([key, label]) => (
        <div key={key} className="mt-2">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {steps[key].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

type Props = {
  result: SaveIntegrationResponse;
  onClose: () => void;
  onContinue: () => void;
  /** Opens the platform's form again, to connect with credentials that allow more. */
  onUpdatePermissions?: () => void;
};

/** What a new connection allows (section 2.5): account, capabilities, limitations and next steps. */
export function IntegrationSummaryModal({ result, onClose, onContinue, onUpdatePermissions }: Props) {
  const limited = result.permission_level === 'limited';
  const Icon = limited ? TriangleAlert : CircleCheck;
  const vendorAccount = result.vendor_account ?? result.integration.vendor_account;
  // Section 2.5: offered when the permission level is below full and there is no account info.
  const canUpdate =
    onUpdatePermissions !== undefined &&
    result.permission_level !== null &&
    result.permission_level !== 'full' &&
    !result.account_info;
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={TITLES[result.account_type]}
      description={result.integration.name}
      footer={
        <>
          {canUpdate && (
            <Button variant="secondary" onClick={onUpdatePermissions}>
              Update Permissions
            </Button>
          )}
          <Button onClick={onContinue}>Continue to Dashboard</Button>
        </>
      }
    >
      <div className="space-y-4">
        <p
          className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${limited ? 'bg-amber-50 text-amber-800' : 'bg-green-50 text-green-800'}`}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {bannerOf(result.permission_level)}
        </p>
        {result.account_info && <PaymentAccountBox account={result.account_info} />}
        {vendorAccount && (
          <VendorAccountBox account={vendorAccount} title={ACCOUNT_TITLES[result.account_type] ?? 'Account'} />
        )}
        <List title="Capabilities" items={result.capabilities} />
        {result.analytics_test && <AnalyticsTestBox test={result.analytics_test} />}
        <List title="Limitations" items={result.limitations} />
        <NextSteps steps={result.next_steps} />
      </div>
    </Modal>
  );
}
