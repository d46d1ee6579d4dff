import { API } from '@ri/contracts';
import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { RevenueStrategistScreen } from '../../features/revenue-strategist/components/revenue-strategist-screen';
import { STRATEGY_ACT_DENIALS } from '../../features/revenue-strategist/lib/strategy-denials';
import { usePermission } from './use-permission';

/**
 * /revenue-strategist: the screen, told the business's name (for its report) and what the person's role lets
 * them do beyond reading: implement, change an action's status, plan from an insight, enter competitor prices.
 */
export function RevenueStrategistRoute() {
  const { business } = useCurrentBusiness();
  const permissions = {
    implement: usePermission(API.implementRecommendation, STRATEGY_ACT_DENIALS),
    setStatus: usePermission(API.setActionStatus, STRATEGY_ACT_DENIALS),
    actionPlan: usePermission(API.createActionPlan, STRATEGY_ACT_DENIALS),
    prices: usePermission(API.addCompetitorPrice, STRATEGY_ACT_DENIALS),
  };
  return <RevenueStrategistScreen permissions={permissions} businessName={business?.name ?? null} />;
}
