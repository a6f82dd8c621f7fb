import { z } from 'zod';
import { idParam } from './fields';

const id = z.int32();
const state = z.union([z.literal(0), z.literal(1)]);

export const sendControlRequest = z.object({ servicePointId: id, requestedState: state });
export const bulkSendControlRequest = z.array(sendControlRequest).min(1).max(4000);
export const sendControlResult = z.object({ messageId: id });

export const controlMessageQuery = z.object({ servicePointId: idParam, messageId: idParam.default(0) });
export const controlMessage = z.object({
  messageId: id,
  servicePointId: id,
  requestedState: z.int32(),
  /** null: no reply yet; 0: success; other: the meter's error code. */
  resultCode: z.int32().nullable(),
  responseReceivedDate: z.string().nullable(),
  state: z.string(),
});
export type ControlMessage = z.infer<typeof controlMessage>;

export const retryRequest = z.object({ locationID: id });

export const latestOperation = z.object({
  servicePointID: id,
  servicePointName: z.string(),
  isDisconnectCapable: z.boolean(),
  message: controlMessage.nullable(),
});

export const siteCapability = z.object({
  locationID: id,
  servicePointID: id,
  servicePointCapabilityID: id,
  capabilityID: id,
  displayName: z.string(),
  capabilityType: z.int32(),
  status: z.int32(),
  apiCapabilityResponse: z.string().nullable(),
});
