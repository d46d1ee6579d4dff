import type { Integration } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { DISCONNECT_FAILED, useDisconnect } from '../hooks/use-disconnect';

export const DISCONNECT_CONFIRM =
  'Are you sure you want to disconnect this integration? This will stop data synchronization.';

/** The confirmation of section 4 before an integration, its credentials and synced rows are removed. */
export function DisconnectDialog({ integration, onClose }: { integration: Integration; onClose: () => void }) {
  const disconnect = useDisconnect();
  const confirm = () => disconnect.mutate(integration.id, { onSuccess: onClose });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !disconnect.isPending && onClose()}
      title={`Disconnect ${integration.name}?`}
      description={DISCONNECT_CONFIRM}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={disconnect.isPending}>
            Cancel
          </Button>
          <Button
            className="bg-red-600 hover:bg-red-700 disabled:bg-red-300"
            busy={disconnect.isPending}
            onClick={confirm}
          >
            Disconnect
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        The stored credentials and the data synced from this platform are deleted. You can connect it again later.
      </p>
      {disconnect.isError && (
        <div className="mt-3">
          <Alert tone="error">{DISCONNECT_FAILED}</Alert>
        </div>
      )}
    </Modal>
  );
}
