import { API } from '@ri/contracts';
import { useParams } from 'react-router';
import { CustomerIntelligenceScreen } from '../../features/customer-intelligence/components/customer-intelligence-screen';
import { CUSTOMER_MANAGE_DENIALS } from '../../features/customer-intelligence/lib/customer-denials';
import { usePermission } from './use-permission';

/**
 * /customer-intelligence and /customer-intelligence/:id: the screen, told which customer the address names
 * and whether the person's role lets them save segments, rebuild profiles and act on customers (one rule
 * covers all of those endpoints).
 */
export function CustomerIntelligenceRoute() {
  const { id } = useParams();
  const manage = usePermission(API.createCustomerSegment, CUSTOMER_MANAGE_DENIALS);
  return <CustomerIntelligenceScreen customerId={id} manage={manage} />;
}
