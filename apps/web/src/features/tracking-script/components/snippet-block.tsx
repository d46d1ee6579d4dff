import type { TrackingConfig } from '@ri/contracts';
import { Check, Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { downloadTextFile } from '../../../lib/download';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';

export const snippetFileName = (trackingId: string) => `tracking-snippet-${trackingId}.html`;

/** The ready-to-paste HTML with Copy ('Copied!' for 2 s) and Download as an .html file. */
export function SnippetBlock({ config }: { config: TrackingConfig }) {
  const { state, copy } = useCopyToClipboard();
  const download = () => downloadTextFile(snippetFileName(config.trackingId), config.snippet, 'text/html');

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="text-slate-500">Tracking ID</p>
          <p className="break-all font-mono font-medium text-slate-900">{config.trackingId}</p>
          {config.isPersistent && (
            <p className="text-xs text-slate-500">This ID stays the same when you change the settings below.</p>
          )}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy(config.snippet)}>
            {state === 'copied' ? (
              <Check aria-hidden="true" className="size-4 text-green-600" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {state === 'copied' ? 'Copied!' : 'Copy'}
          </Button>
          <Button variant="secondary" onClick={download}>
            <Download aria-hidden="true" className="size-4" />
            Download
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {state === 'copied' ? 'Snippet copied to the clipboard' : ''}
      </p>
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          The browser refused clipboard access: select the code below and copy it by hand.
        </p>
      )}
      <pre
        aria-label="Tracking snippet"
        tabIndex={0}
        className="mt-3 max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
      >
        <code>{config.snippet}</code>
      </pre>
    </div>
  );
}
