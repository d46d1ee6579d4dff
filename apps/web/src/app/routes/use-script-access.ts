import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { getScriptAccess, type ScriptAccess } from '../../features/tracking-script/components/script-access';

/** Joins the business feature (role, demo) to the tracking script feature, which knows nothing of it. */
export function useScriptAccess(): ScriptAccess {
  const { business } = useCurrentBusiness();
  return getScriptAccess(business);
}
