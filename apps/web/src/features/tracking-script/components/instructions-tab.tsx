import type { ReactNode } from 'react';
import { Panel } from '../../../components/ui/panel';

function Code({ children }: { children: string }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">{children}</code>;
}

function Example({ children }: { children: string }) {
  return (
    <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
      <code>{children}</code>
    </pre>
  );
}

const STEPS: { title: string; body: ReactNode }[] = [
  {
    title: 'Paste the snippet into every page',
    body: (
      <p>
        Copy it from Get Script and paste it just before the closing <Code>{'</head>'}</Code> tag of your site template
        (or add it as a custom HTML tag in your tag manager).
      </p>
    ),
  },
  {
    title: 'List every origin the site runs on',
    body: (
      <p>
        Events are accepted only from the allowed origins. Add each variant you serve, such as{' '}
        <Code>https://shop.example</Code> and <Code>https://www.shop.example</Code>, and any staging site.
      </p>
    ),
  },
  {
    title: 'Single-page apps work without extra code',
    body: <p>Route changes made through the browser history are recorded as page views automatically.</p>,
  },
  {
    title: 'Record conversions with their value',
    body: (
      <>
        <p>Call this when a purchase or sign-up completes:</p>
        <Example>{"RI('conversion', { value: 49.99, currency: 'USD' });"}</Example>
      </>
    ),
  },
  {
    title: 'Pass on your visitors’ consent',
    body: (
      <>
        <p>If your site asks for consent, tell the script the visitor’s answer:</p>
        <Example>{"RI('consent', true);  // agreed\nRI('consent', false); // declined or withdrawn"}</Example>
      </>
    ),
  },
  {
    title: 'Measure time in view with data-ri-track',
    body: (
      <>
        <p>Mark the sections whose on-screen time matters, such as pricing or reviews:</p>
        <Example>{'<section data-ri-track="pricing">…</section>'}</Example>
      </>
    ),
  },
  {
    title: 'Mark calls to action with data-ri-cta',
    body: (
      <>
        <p>Buttons are recognised on their own; mark any other element that is a call to action:</p>
        <Example>{'<a href="/checkout" data-ri-cta>Buy now</a>'}</Example>
      </>
    ),
  },
  {
    title: 'Privacy is respected',
    body: (
      <p>
        With Respect Do-Not-Track on, browsers that send Do-Not-Track or Global Privacy Control are not tracked. Form
        values are never recorded, only that a field was used.
      </p>
    ),
  },
];

/** How to install the snippet and use its page API. */
export function InstructionsTab() {
  return (
    <Panel>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Installation</h2>
      <ol className="space-y-5">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="grid size-6 shrink-0 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900">{step.title}</h3>
              {step.body}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-slate-600">Then open Test &amp; Verify to check that events arrive.</p>
    </Panel>
  );
}
