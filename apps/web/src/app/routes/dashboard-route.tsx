import { API } from '@ri/contracts';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen';
import { GOALS_DENIALS, PROFILES_DENIALS } from '../../features/dashboard/lib/dashboard-denials';
import { useBusinessId } from '../../lib/business-id';
import { usePermission } from './use-permission';

/**
 * / : the dashboard, told whether the person's role lets them set the goals (owners and admins) and rebuild the
 * Neuromind profiles (members who may write). Keyed by business, so a switch starts afresh (no insights or
 * profile build of the previous business left on screen).
 */
export function DashboardRoute() {
  const businessId = useBusinessId();
  const permissions = {
    goals: usePermission(API.putDashboardGoals, GOALS_DENIALS),
    profiles: usePermission(API.generateNeuromindProfiles, PROFILES_DENIALS),
  };
  return <DashboardScreen key={businessId ?? 'own'} permissions={permissions} />;
}
