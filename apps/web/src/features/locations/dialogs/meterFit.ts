import type { MeterOption } from '@portal/contract';
import { isElectric, isSoloDevice, isWater } from '../rows';

/** Which meters of the stock fit beside the ones already on the location: the other kind (electric or water). */
export function fittingMeters(stock: readonly MeterOption[], present: readonly { fk_DeviceTypeGroupId: number }[]) {
  if (present.length === 0) return { wanted: 'any' as const, meters: [...stock] };
  const hasElectric = present.some(isElectric);
  const hasWater = present.some(isWater);
  const wanted =
    hasElectric && !hasWater ? ('water' as const) : hasWater && !hasElectric ? ('electric' as const) : ('any' as const);
  const meters = stock.filter(
    (m) => !isSoloDevice(m) && (wanted === 'water' ? isWater(m) : wanted === 'electric' ? isElectric(m) : true),
  );
  return { wanted, meters };
}
