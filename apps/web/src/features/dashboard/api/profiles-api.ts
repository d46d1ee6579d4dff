import { API } from '@ri/contracts';
import { callEndpoint } from '../../../lib/api-client';

/** Generate Neuromind Profiles: the spec's call always forces a rebuild. */
export const generateNeuromindProfiles = (businessId: string | null) =>
  callEndpoint(API.generateNeuromindProfiles, { businessId, query: { force_regenerate: 'true' } });

export const getTaskStatus = (businessId: string | null, taskId: string) =>
  callEndpoint(API.getTaskStatus, { businessId, params: { id: taskId } });
