import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * After Implement or Create Action Plan: how many actions were made, and the way to them. The button that
 * was pressed turns disabled, so focus moves on to Show actions, the next step.
 */
export function CreatedActionsNotice({
  count,
  verb,
  onShowActions,
}: {
  count: number;
  verb: string;
  onShowActions: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={box}>
      <Alert tone="success">
        {count === 0
          ? 'No new action: every step is already in Small Compounding Actions.'
          : `${count} ${count === 1 ? 'action' : 'actions'} ${verb} in Small Compounding Actions.`}{' '}
        <Button variant="link" className="text-sm" onClick={onShowActions}>
          Show actions
        </Button>
      </Alert>
    </div>
  );
}
