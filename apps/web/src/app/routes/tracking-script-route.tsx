import { TrackingScriptScreen } from '../../features/tracking-script/components/tracking-script-screen';
import { useScriptAccess } from './use-script-access';

export function TrackingScriptRoute() {
  return <TrackingScriptScreen access={useScriptAccess()} />;
}
