import { FlaskConical } from 'lucide-react';

/** Spec: a load error whose text mentions Demo Mode is a notice about the workspace, not a failure. */
export const isDemoModeMessage = (message: string) => message.includes('Demo Mode');

/** The notice a screen shows instead of its error when the workspace is in Demo Mode (spec, section 8). */
export function DemoModeBanner({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Demo Mode</p>
        <p className="mt-0.5">{message}</p>
      </div>
    </div>
  );
}
