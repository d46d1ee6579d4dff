import { LoaderCircle } from 'lucide-react';

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-500">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-indigo-600" />
      <span>{label}</span>
    </div>
  );
}

/** Whole-page wait, shown while the first session check runs. */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50">
      <Spinner label="Loading..." />
    </div>
  );
}
