import { Download, Printer } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { downloadTextFile, localDateStamp } from '../../../lib/download';
import { buildStrategyReport, type StrategyReportInput } from '../lib/strategy-report';

/** The file name of a downloaded report: the business's slug-like name and the date. */
export function reportFileName(businessName: string | null, date: Date): string {
  const slug = (businessName ?? 'business')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `strategy-report-${slug || 'business'}-${localDateStamp(date)}.html`;
}

/**
 * Export Strategy Report: the report as one self-contained page, previewed as it will print. Print prints that
 * page alone (its own print stylesheet, not the app around it); Download saves the same page as HTML.
 */
export function StrategyReportDialog({ input, onClose }: { input: StrategyReportInput; onClose: () => void }) {
  const html = useMemo(() => buildStrategyReport(input), [input]);
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Strategy Report"
      description="Everything on this screen as one page to print or share: recommendations with their evidence, actions and outcomes, simulations and market insights."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="secondary"
            onClick={() => downloadTextFile(reportFileName(input.businessName, input.createdAt), html, 'text/html')}
          >
            <Download aria-hidden="true" className="size-4" />
            Download as HTML
          </Button>
          <Button onClick={() => frame.current?.contentWindow?.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </>
      }
    >
      <iframe
        ref={frame}
        title="Strategy report preview"
        srcDoc={html}
        // No scripts ever run in the report; same origin and modals so Print can reach its window.
        sandbox="allow-same-origin allow-modals"
        className="h-[60dvh] w-full rounded-lg border border-slate-200 bg-white"
      />
    </Modal>
  );
}
