import type { WIRE_V2_DATA_KEYS } from '@ri/contracts';

/**
 * Event types as wire v2 sends them: the index in `WIRE_EVENT_TYPES` of `@ri/contracts` (wire.test.ts
 * checks the two agree). A const enum, so the bundle holds bare numbers.
 */
export enum T {
  page_view,
  click,
  rage_click,
  scroll,
  cta_hover,
  form_interaction,
  mouse_movement,
  viewport,
  hesitation,
  page_hide,
  conversion,
  custom,
}

/** Data of the SDK's own events, in wire v2's short keys (`WIRE_V2_DATA_KEYS`; x and y pass as they are). */
export type Data = { [k in keyof typeof WIRE_V2_DATA_KEYS | 'x' | 'y']?: unknown };
/** Data a site owner passed to `conversion` or `track`: sent as is. */
export type OwnerData = Record<string, unknown>;
