import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';

/** Turns whatever a route threw into one line: '404 Not Found', an error's message, or a plain string. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The router's fallback for unknown paths and for errors thrown while rendering a screen. */
export function RouteErrorScreen({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  return (
    <div className={`grid place-items-center px-4 ${fullPage ? 'min-h-dvh bg-slate-50' : 'py-16'}`}>
      <div role="alert" className="w-full max-w-lg rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
        <TriangleAlert aria-hidden="true" className="mx-auto size-8 text-red-500" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-2 break-words text-slate-600">{describeRouteError(error)}</p>
        {/* When the whole app failed, reload the document so no broken state survives the way back. */}
        <ButtonLink to="/" reloadDocument={fullPage} className="mt-6">
          Back to the dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
